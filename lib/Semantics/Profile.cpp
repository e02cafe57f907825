//===- Profile.cpp - the documented semantic choices ----------------------===//
#include "ascreg/Semantics/Profile.h"

namespace ascreg {
namespace semantics {

const Profile &documentedProfile() {
  static const Profile profile{};
  return profile;
}

} // namespace semantics
} // namespace ascreg

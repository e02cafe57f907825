//===- ProfileFile.cpp - the semantic profile a name or file gives --------===//
//
// ascreg::resolveProfile (AscRegProfile.h), through which --semantics, Python's
// `semantics=` and the C API read a profile. A profile file is read
// strictly, since it decides the bits of every run: a bounded read (a device
// or FIFO is not read until memory runs out), the JSON nesting limit before
// llvm::json (which recurses per level), no key twice (llvm::json keeps the
// last silently), and each choice set as it is (not through the spelling,
// where a ',' or '=' inside a key or candidate would set another point).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Dialect/AscReg/IR/AscRegProfile.h"
#include "ascreg/Support/ParseLimits.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
namespace sem = ascreg::semantics;

namespace {

/// The contents of `path`, at most kMaxProfileFileBytes.
FailureOr<std::string> readProfileFile(StringRef path, std::string &error) {
  llvm::Expected<llvm::sys::fs::file_t> file = llvm::sys::fs::openNativeFileForRead(path);
  if (!file) {
    error = "cannot open '" + path.str() + "': " + llvm::toString(file.takeError()) +
            " (a profile is 'documented', key=candidate,... or a JSON file)";
    return failure();
  }
  llvm::scope_exit close([&] { llvm::sys::fs::closeFile(*file); });
  std::string text;
  char chunk[65536];
  while (true) {
    llvm::Expected<size_t> n = llvm::sys::fs::readNativeFile(*file, chunk);
    if (!n) {
      error = "cannot read '" + path.str() + "': " + llvm::toString(n.takeError());
      return failure();
    }
    if (*n == 0)
      return text;
    text.append(chunk, *n);
    if (text.size() > ascreg::kMaxProfileFileBytes) {
      error = "the profile file '" + path.str() + "' is larger than " +
              std::to_string(ascreg::kMaxProfileFileBytes) + " bytes";
      return failure();
    }
  }
}

/// The offset and name of the first key that appears twice in one object of
/// `json` (valid JSON, nested at most kMaxNesting deep).
std::optional<std::pair<size_t, std::string>> findDuplicateKey(StringRef json) {
  struct Open {
    bool isObject;
    bool expectsKey;
    llvm::StringSet<> keys;
  };
  llvm::SmallVector<Open, 8> open;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (c == '{' || c == '[') {
      open.push_back({c == '{', c == '{', {}});
    } else if ((c == '}' || c == ']') && !open.empty()) {
      open.pop_back();
    } else if (c == ',' && !open.empty()) {
      open.back().expectsKey = open.back().isObject;
    } else if (c == '"') {
      size_t begin = i;
      for (++i; i < json.size() && json[i] != '"'; ++i)
        if (json[i] == '\\')
          ++i;
      if (open.empty() || !open.back().expectsKey)
        continue;
      open.back().expectsKey = false;
      // The key as the parser reads it (escapes decoded).
      llvm::Expected<llvm::json::Value> key = llvm::json::parse(json.slice(begin, i + 1));
      if (!key) {
        llvm::consumeError(key.takeError());
        continue;
      }
      std::string name = key->getAsString()->str();
      if (!open.back().keys.insert(name).second)
        return std::make_pair(begin, name);
    }
  }
  return std::nullopt;
}

/// Whether `text` spells a profile rather than naming a file.
bool isSpelling(StringRef text) {
  if (text.empty() || text.contains('='))
    return true;
  llvm::SmallVector<StringRef> items;
  text.split(items, ',');
  return llvm::all_of(items, [](StringRef item) { return item.trim(" \t") == "documented"; });
}

} // namespace

LogicalResult ascreg::parseProfileJson(StringRef path, StringRef text, sem::Profile &out,
                                       std::string &error) {
  auto at = [&](size_t offset) {
    auto [line, col] = ascreg::lineAndColumn(text, offset);
    return path.str() + ":" + std::to_string(line) + ":" + std::to_string(col) + ": ";
  };
  if (std::optional<ascreg::ParseLimitViolation> v = ascreg::findJsonLimitViolation(text)) {
    error = at(v->offset) + v->message;
    return failure();
  }
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  if (!json) {
    error = "profile file '" + path.str() + "' is not JSON: " + llvm::toString(json.takeError());
    return failure();
  }
  if (auto duplicate = findDuplicateKey(text)) {
    error = at(duplicate->first) + "the key \"" + duplicate->second + "\" appears twice";
    return failure();
  }
  const llvm::json::Object *root = json->getAsObject();
  const llvm::json::Object *choices = root ? root->getObject("choices") : nullptr;
  if (!choices) {
    error = "profile file '" + path.str() +
            "' has no \"choices\" object ({\"choices\": {\"sum.rounding\": \"per_node\", ...}})";
    return failure();
  }
  std::vector<std::pair<std::string_view, std::string_view>> entries;
  for (const auto &entry : *choices) {
    std::optional<StringRef> candidate = entry.second.getAsString();
    if (!candidate) {
      error = "profile file '" + path.str() + "': the choice of '" + entry.first.str() +
              "' is not a string";
      return failure();
    }
    entries.emplace_back(StringRef(entry.first), *candidate);
  }
  if (!sem::setProfileChoices(entries, out, error)) {
    error = "profile file '" + path.str() + "': " + error;
    return failure();
  }
  return success();
}

LogicalResult ascreg::resolveProfile(StringRef nameOrFile, sem::Profile &out, std::string &error) {
  if (isSpelling(nameOrFile))
    return success(sem::parseProfile(nameOrFile, out, error));
  if (nameOrFile.contains('\0')) { // the file opened would be another one
    error = "a profile file name cannot contain a NUL byte";
    return failure();
  }
  FailureOr<std::string> text = readProfileFile(nameOrFile, error);
  if (failed(text))
    return failure();
  return parseProfileJson(nameOrFile, *text, out, error);
}

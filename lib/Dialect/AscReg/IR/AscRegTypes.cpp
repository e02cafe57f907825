//===- AscRegTypes.cpp - ascreg types and attributes ------------*- C++ -*-===//
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

#include "ascreg/Dialect/AscReg/IR/AscRegEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ascreg/Dialect/AscReg/IR/AscRegAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ascreg/Dialect/AscReg/IR/AscRegOpsTypes.cpp.inc"

void AscRegDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ascreg/Dialect/AscReg/IR/AscRegOpsTypes.cpp.inc"
      >();
}

void AscRegDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ascreg/Dialect/AscReg/IR/AscRegAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

std::optional<sem::ElemKind> ascreg::getElemKind(Type t) {
  if (t.isF16())
    return sem::ElemKind::F16;
  if (t.isBF16())
    return sem::ElemKind::BF16;
  if (t.isF32())
    return sem::ElemKind::F32;
  auto it = dyn_cast<IntegerType>(t);
  // Register elements are signless (= signed) or unsigned; `si` is not used.
  if (!it || it.isSigned())
    return std::nullopt;
  bool u = it.isUnsigned();
  switch (it.getWidth()) {
  case 8:
    return u ? sem::ElemKind::U8 : sem::ElemKind::I8;
  case 16:
    return u ? sem::ElemKind::U16 : sem::ElemKind::I16;
  case 32:
    return u ? sem::ElemKind::U32 : sem::ElemKind::I32;
  case 64:
    return u ? sem::ElemKind::U64 : sem::ElemKind::I64;
  default:
    return std::nullopt;
  }
}

Type ascreg::getElementType(MLIRContext *ctx, sem::ElemKind k) {
  switch (k) {
  case sem::ElemKind::F16:
    return Float16Type::get(ctx);
  case sem::ElemKind::BF16:
    return BFloat16Type::get(ctx);
  case sem::ElemKind::F32:
    return Float32Type::get(ctx);
  default:
    break;
  }
  return IntegerType::get(ctx, sem::elemBytes(k) * 8,
                          sem::isUnsignedInt(k) ? IntegerType::Unsigned : IntegerType::Signless);
}

sem::RegType ascreg::toRegType(VRegType type) {
  return sem::RegType{*getElemKind(type.getElementType()), static_cast<uint8_t>(type.getNumRegs())};
}

VRegType ascreg::fromRegType(MLIRContext *ctx, sem::RegType t) {
  return VRegType::get(ctx, t.lanes(), getElementType(ctx, t.elem));
}

//===----------------------------------------------------------------------===//
// VRegType
//===----------------------------------------------------------------------===//

unsigned VRegType::getElementBytes() const { return getElementType().getIntOrFloatBitWidth() / 8; }
unsigned VRegType::getNumRegs() const { return getLanes() * getElementBytes() / sem::kVLBytes; }
unsigned VRegType::getMaskStride() const { return isTwoRegister() ? 4 : getElementBytes(); }

StringRef VRegType::getElementToken() const {
  return sem::elemName(*getElemKind(getElementType()));
}

std::string VRegType::getToken() const {
  return (getElementToken() + (isTwoRegister() ? "x2" : "")).str();
}

LogicalResult VRegType::verify(function_ref<InFlightDiagnostic()> emitError, unsigned lanes,
                               Type elementType) {
  auto kind = getElemKind(elementType);
  if (!kind)
    return emitError() << "'!ascreg.vreg' element type must be one of i8 u8 i16 u16 f16 bf16 "
                          "i32 u32 f32 i64 u64, got "
                       << elementType;
  unsigned one = sem::kVLBytes / sem::elemBytes(*kind);
  if (lanes == one)
    return success();
  if (sem::elemBytes(*kind) == 8 && lanes == 2 * one)
    return success();
  auto diag = emitError() << "'!ascreg.vreg' of " << sem::elemName(*kind) << " must have " << one
                          << " lanes (one 256-byte register)";
  if (sem::elemBytes(*kind) == 8)
    diag << " or " << 2 * one << " (two-register form)";
  return diag << ", got " << lanes;
}

Type VRegType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t, 1> dims;
  if (parser.parseLess() || parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                                      /*withTrailingX=*/true))
    return {};
  if (dims.size() != 1) {
    parser.emitError(loc, "'!ascreg.vreg' takes exactly one lane count, e.g. <64xf32>");
    return {};
  }
  MLIRContext *ctx = parser.getContext();
  SMLoc elemLoc = parser.getCurrentLocation();
  StringRef kw;
  if (parser.parseKeyword(&kw))
    return {};
  // Element tokens: the contract's names; `uiN` (builtin spelling) also accepted.
  auto uint = [&](unsigned w) { return IntegerType::get(ctx, w, IntegerType::Unsigned); };
  Type elem = llvm::StringSwitch<Type>(kw)
                  .Case("i8", IntegerType::get(ctx, 8))
                  .Case("i16", IntegerType::get(ctx, 16))
                  .Case("i32", IntegerType::get(ctx, 32))
                  .Case("i64", IntegerType::get(ctx, 64))
                  .Cases({"u8", "ui8"}, uint(8))
                  .Cases({"u16", "ui16"}, uint(16))
                  .Cases({"u32", "ui32"}, uint(32))
                  .Cases({"u64", "ui64"}, uint(64))
                  .Case("f16", Float16Type::get(ctx))
                  .Case("bf16", BFloat16Type::get(ctx))
                  .Case("f32", Float32Type::get(ctx))
                  .Default(Type());
  if (!elem) {
    parser.emitError(elemLoc) << "'!ascreg.vreg' element type must be one of i8 u8 i16 u16 f16 "
                                 "bf16 i32 u32 f32 i64 u64, got '"
                              << kw << "'";
    return {};
  }
  if (parser.parseGreater())
    return {};
  if (dims[0] <= 0 || dims[0] > 1024) {
    parser.emitError(loc) << "'!ascreg.vreg' lane count " << dims[0] << " is out of range";
    return {};
  }
  return parser.getChecked<VRegType>(loc, ctx, static_cast<unsigned>(dims[0]), elem);
}

void VRegType::print(AsmPrinter &printer) const {
  printer << "<" << getLanes() << "x" << getElementToken() << ">";
}

//===----------------------------------------------------------------------===//
// MaskType
//===----------------------------------------------------------------------===//

Type MaskType::parse(AsmParser &parser) {
  // The mask is always 256 bits, whatever element width it is used with.
  if (succeeded(parser.parseOptionalLess())) {
    parser.emitError(parser.getCurrentLocation(),
                     "'!ascreg.mask' takes no parameters: it is always 256 bits, one per data "
                     "byte, for every element width");
    return {};
  }
  return MaskType::get(parser.getContext());
}

void MaskType::print(AsmPrinter &) const {}

//===----------------------------------------------------------------------===//
// CtrlAttr
//===----------------------------------------------------------------------===//
//
// #ascreg.ctrl<saturation = global|instruction, float_overflow = inf_nan|saturate,
//              int_overflow = saturate|truncate, fp8_nan = zero|keep>
// Every parameter is optional on input (default: the 950 runtime's state) and
// always printed.

namespace {
struct CtrlField {
  StringRef key, whenFalse, whenTrue;
  bool sem::Ctrl::*bit;
};
const CtrlField kCtrlFields[] = {
    {"saturation", "instruction", "global", &sem::Ctrl::globalSat},
    {"float_overflow", "saturate", "inf_nan", &sem::Ctrl::floatNonSat},
    {"int_overflow", "saturate", "truncate", &sem::Ctrl::intTruncate},
    {"fp8_nan", "zero", "keep", &sem::Ctrl::fp8NanKeep},
};
} // namespace

sem::Ctrl CtrlAttr::getCtrl() const {
  sem::Ctrl c;
  c.globalSat = getGlobalSat();
  c.floatNonSat = getFloatNonSat();
  c.intTruncate = getIntTruncate();
  c.fp8NanKeep = getFp8NanKeep();
  return c;
}

CtrlAttr CtrlAttr::get(MLIRContext *ctx, const sem::Ctrl &c) {
  return get(ctx, c.globalSat, c.floatNonSat, c.intTruncate, c.fp8NanKeep);
}

Attribute CtrlAttr::parse(AsmParser &parser, Type) {
  sem::Ctrl c; // defaults: the runtime's state
  llvm::SmallSet<StringRef, 4> seen;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalGreater()))
    return get(parser.getContext(), c);
  do {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key, value;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    const CtrlField *field = nullptr;
    for (const CtrlField &f : kCtrlFields)
      if (f.key == key)
        field = &f;
    if (!field) {
      parser.emitError(loc) << "unknown '#ascreg.ctrl' field '" << key
                            << "'; fields: saturation, float_overflow, int_overflow, fp8_nan";
      return {};
    }
    if (!seen.insert(key).second) {
      parser.emitError(loc) << "'#ascreg.ctrl' field '" << key << "' given twice";
      return {};
    }
    SMLoc valueLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&value))
      return {};
    if (value != field->whenFalse && value != field->whenTrue) {
      parser.emitError(valueLoc) << "'" << key << "' is '" << field->whenTrue << "' or '"
                                 << field->whenFalse << "', got '" << value << "'";
      return {};
    }
    c.*(field->bit) = value == field->whenTrue;
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), c);
}

void CtrlAttr::print(AsmPrinter &printer) const {
  sem::Ctrl c = getCtrl();
  printer << "<";
  llvm::interleaveComma(kCtrlFields, printer, [&](const CtrlField &f) {
    printer << f.key << " = " << (c.*(f.bit) ? f.whenTrue : f.whenFalse);
  });
  printer << ">";
}

//===----------------------------------------------------------------------===//
// ProfileAttr
//===----------------------------------------------------------------------===//
//
// #ascreg.profile<documented>
// #ascreg.profile<sum.rounding = round_once, ctrl.float_mode = saturating>

/// `p` as the open points can spell it: the documented profile with each
/// point's candidate of `p` (CTRL bits other than ctrl.float_mode are the
/// kernel's, ascreg.ctrl, not the profile's), so equal spellings are one
/// uniqued attribute.
static sem::Profile spellable(const sem::Profile &p) {
  unsigned count = 0;
  const sem::ProfilePoint *points = sem::profilePoints(count);
  sem::Profile out = sem::documentedProfile();
  for (unsigned i = 0; i < count; ++i)
    points[i].set(out, points[i].get(p));
  return out;
}

ProfileAttr ProfileAttr::get(MLIRContext *ctx, const sem::Profile &profile) {
  return Base::get(ctx, spellable(profile));
}

Attribute ProfileAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  // Each entry is `documented` or `point = candidate` (both bare
  // identifiers; a point's name has dots); setProfileChoices checks them.
  std::vector<std::string> names;
  std::vector<std::pair<size_t, size_t>> entries; // indices into names
  do {
    StringRef key;
    if (parser.parseKeyword(&key))
      return {};
    if (key == "documented")
      continue;
    StringRef value;
    if (parser.parseEqual() || parser.parseKeyword(&value))
      return {};
    names.push_back(key.str());
    names.push_back(value.str());
    entries.push_back({names.size() - 2, names.size() - 1});
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseGreater())
    return {};
  std::vector<std::pair<std::string_view, std::string_view>> choices;
  for (auto [k, v] : entries)
    choices.emplace_back(names[k], names[v]);
  sem::Profile profile;
  std::string error;
  if (!sem::setProfileChoices(choices, profile, error)) {
    parser.emitError(loc) << "'#ascreg.profile': " << error;
    return {};
  }
  return get(parser.getContext(), profile);
}

void ProfileAttr::print(AsmPrinter &printer) const {
  const sem::Profile &p = getProfile();
  unsigned count = 0;
  const sem::ProfilePoint *points = sem::profilePoints(count);
  printer << "<";
  bool any = false;
  for (unsigned i = 0; i < count; ++i) {
    unsigned c = points[i].get(p);
    if (c == 0)
      continue;
    printer << (any ? ", " : "") << points[i].key << " = " << points[i].candidates[c].name;
    any = true;
  }
  printer << (any ? "" : "documented") << ">";
}

std::optional<unsigned> ascreg::ubBufferElementBytes(MemRefType type) {
  if (type.getRank() != 1 || !type.getLayout().isIdentity() || type.getMemorySpace())
    return std::nullopt;
  Type elem = type.getElementType();
  if (!elem.isIntOrFloat())
    return std::nullopt;
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (bits == 0 || bits % 8 != 0 || bits > 64)
    return std::nullopt;
  return bits / 8;
}

FailureOr<unsigned> ascreg::ubBufferParameterElementBytes(BlockArgument param) {
  auto type = cast<MemRefType>(param.getType());
  if (std::optional<unsigned> bytes = ubBufferElementBytes(type))
    return *bytes;
  emitError(param.getLoc()) << "parameter " << param.getArgNumber() << " has type " << type
                            << "; kernel buffers must be " << kUBBufferTypes;
  return failure();
}

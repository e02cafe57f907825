//===- Debugging.h - finding the bug in a kernel -----------------*- C++ -*-===//
//
// What the interpreter can tell about a kernel beyond its results:
//   - debugging checks (CheckOptions): shadow state per UB byte, register
//     lane, mask bit and scalar finds uninitialised data reaching a use,
//     accesses outside a buffer or UB, misaligned accesses, output elements
//     never written and the peak UB footprint; each finding is a Finding;
//   - a structured trace of the executed ascreg / dav ops (TraceSink);
//   - lane provenance (ExplainRequest -> ProvenanceNode trees): which store
//     last wrote an output element and which op results and input lanes it
//     came from.
// ascreg-run exposes them as --check, --trace and --explain; the C and
// Python APIs as structured data.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_INTERPRETER_DEBUGGING_H
#define ASCREG_INTERPRETER_DEBUGGING_H

#include "ascreg/Semantics/Semantics.h"

#include "mlir/IR/Location.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ascreg {
namespace interp {

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

struct CheckOptions {
  /// Uninitialised data: UB bytes nothing wrote (kernel allocations, buffers
  /// marked uninitialised, bytes outside every buffer) and the register
  /// lanes, mask bits and scalars computed from them, reaching a store, a
  /// gather index, a mask, a branch or a loop bound.
  bool init = false;
  /// Accesses outside their buffer: a store's active lanes, an active gather
  /// index, and data loaded from outside its buffer reaching a use. Accesses
  /// outside UB become findings too and the run goes on (the access is
  /// skipped, a load gives undefined zeros).
  bool bounds = false;
  /// Misaligned accesses become findings and the run goes on.
  bool align = false;
  /// Elements of output buffers the kernel never wrote.
  bool coverage = false;
  /// The peak UB footprint against the dav-3510 UB (248 KiB usable).
  bool ub = false;
  /// At most this many distinct findings are recorded per run (0: no
  /// limit); the run goes on to its end, and later ones are only counted
  /// (CompiledKernel::unrecordedFindings).
  unsigned maxFindings = 100;

  bool any() const { return init || bounds || align || coverage || ub; }
  static CheckOptions all() { return {true, true, true, true, true, 100}; }
  /// Parses "init,bounds,align,coverage,ub" (any subset) or "all".
  static std::optional<CheckOptions> parse(llvm::StringRef list, std::string &error);
};

enum class FindingKind : uint8_t {
  UninitializedUse, // init
  OutOfBufferRead,  // bounds: data read outside its buffer reaches a use
  OutOfBufferWrite, // bounds: active store lanes outside the buffer
  OutOfBufferIndex, // bounds: an active gather index outside the base buffer
  OutsideUB,        // bounds: an access outside UB (skipped)
  Misaligned,       // align (skipped)
  UnwrittenOutput,  // coverage
  UBFootprint,      // ub
};
/// The check a kind belongs to: "init", "bounds", "align", "coverage", "ub".
const char *checkName(FindingKind kind);

/// Where tainted (uninitialised or out-of-buffer) data was used.
enum class UseKind : uint8_t { None, Store, GatherIndex, Mask, Branch, LoopBound, Size, Address };

struct Finding {
  FindingKind kind;
  UseKind use = UseKind::None;
  std::string opName;
  mlir::Location loc;
  /// One line, without location: "stores uninitialized data: lanes 64-127 ...".
  std::string message;
  /// Further lines, each with an optional location (e.g. where the
  /// uninitialised data was loaded).
  std::vector<std::pair<std::optional<mlir::Location>, std::string>> notes;
  /// The enclosing loops' induction variables at the first occurrence,
  /// outermost first.
  std::vector<std::pair<std::string, int64_t>> iteration;
  /// Lane ranges [first, last] of the first occurrence (register findings).
  std::vector<std::pair<unsigned, unsigned>> lanes;
  /// The kernel parameter concerned (coverage, some bounds findings), or -1.
  int argument = -1;
  /// Element ranges [begin, end) (coverage).
  std::vector<std::pair<uint64_t, uint64_t>> elements;
  uint64_t occurrences = 1;
};

/// What a run did to one UB byte (BufferAccess::bytes), bits.
enum ByteAccess : uint8_t {
  kByteRead = 1,          // an op read it
  kByteReadUndefined = 2, // an op read it while it held no defined data
  kByteWritten = 4,       // the kernel wrote it
  kByteDefined = 8,       // it holds defined data after the run
};

/// The UB bytes of one buffer after a run with debugging checks on: the
/// report's byte map.
struct BufferAccess {
  int argument = -1; // the kernel parameter, or -1 for a kernel allocation
  uint64_t ubAddr = 0, numElements = 0;
  unsigned elemBytes = 0;
  std::vector<uint8_t> bytes; // ByteAccess bits, one entry per byte
};

//===----------------------------------------------------------------------===//
// Structured trace
//===----------------------------------------------------------------------===//

/// One operand or result of a traced op, with its value.
struct TracedValue {
  enum class Kind : uint8_t { Register, Mask, Scalar, Buffer };
  Kind kind;
  std::string name; // SSA name, e.g. "%v"
  std::string type; // MLIR type, e.g. "!ascreg.vreg<64xf32>"
  /// Register: its type and bytes (256, or 512 for the 64-bit two-register
  /// form). Mask: 32 bytes. Scalar: the 8-byte slot (raw bits, low bytes).
  semantics::RegType regType{semantics::ElemKind::U8, 1};
  std::vector<uint8_t> bytes;
  /// Buffer: its UB placement.
  uint64_t ubAddr = 0, numElements = 0;
  unsigned elemBytes = 0;
};

/// What an op decided, as its interpreter payload says (its `decide`
/// member, beside `run` and `shadow`): which source lane won a max / min,
/// which lanes each pair sum adds, where each gathered lane comes from. A
/// reader (the HTML report) draws it without knowing the op.
struct TraceDecision {
  enum class Kind : uint8_t {
    Extremum, ///< reduce max / min (vcmax, vcmin): `winner` is lane 0's source
    TreeSum,  ///< reduce sum (vcadd): the fixed tree of all lanes, inactive as +0
    Pairs,    ///< pair_reduce_sum (vcpadd): result lane i adds `pairs[i]`
    Index,    ///< gather (vgather2), gather_reg (vselr): `index` maps lanes
    Blocks,   ///< reduce_data_block (vcgadd, vcgmax, vcgmin): `blocks`
  };
  Kind kind = Kind::TreeSum;
  /// Extremum: max (else min); the active source lanes; the winning lane
  /// (none: no lane was active, lane 0 is the identity); whether the winner
  /// is the first NaN (else the first of equal values).
  bool isMax = false;
  unsigned activeLanes = 0;
  std::optional<unsigned> winner;
  bool firstNaN = false;
  /// Pairs: the source lanes of each result lane; -1 stands for +0 (an
  /// inactive lane). Result lanes past the pairs are 0.
  std::vector<std::pair<int32_t, int32_t>> pairs;
  /// Index: the active result lanes and the source each reads: a UB
  /// buffer's element (`fromBuffer`; `outside`: past the buffer's end) or a
  /// register lane (the index modulo `sourceLanes`).
  struct Read {
    unsigned lane;
    uint64_t source;
    bool outside;
  };
  std::vector<Read> index;
  bool fromBuffer = false;
  unsigned sourceLanes = 0;
  /// Blocks: result lane b reduces the source lanes of 32-byte block b
  /// (sum when `isSum`, else max or min as `isMax`); the active ones fed
  /// it (a sum adds the others as +0). A max / min block's `winner` is as
  /// Extremum's (none: no active lane, the result is the identity).
  struct Block {
    unsigned firstLane = 0, lanes = 0;
    std::vector<unsigned> active;
    std::optional<unsigned> winner;
    bool firstNaN = false;
  };
  std::vector<Block> blocks;
  bool isSum = false;
};

struct TraceEvent {
  uint64_t index; // position in the run (0, 1, ...)
  std::string opName;
  /// Op name with its enum operands, e.g. "ascreg.reduce <max>".
  std::string header;
  mlir::Location loc;
  std::vector<std::pair<std::string, int64_t>> iteration;
  std::vector<TracedValue> inputs, outputs;
  /// The register type whose lanes the op's mask selects, if it has one.
  std::optional<semantics::RegType> maskLanes;
  /// The op failed (outputs are not valid).
  bool failed = false;
  /// What the op decided, for the ops whose payload says (TraceDecision).
  std::optional<TraceDecision> decision;
};

/// Receives every executed ascreg / dav op of a run.
class TraceSink {
public:
  virtual ~TraceSink();
  virtual void onEvent(const TraceEvent &event) = 0;
};

//===----------------------------------------------------------------------===//
// Lane provenance
//===----------------------------------------------------------------------===//

/// The most nodes (op results, leaves) one explanation holds by default:
/// the walk back from the store stops there, whatever the depth, and says
/// so (docs/debugging.md). About 200 bytes of text per node.
inline constexpr unsigned kDefaultExplainNodes = 2000;

/// Explain elements of a buffer parameter after a run.
struct ExplainRequest {
  unsigned argument;
  std::vector<uint64_t> elements;
  /// How many producing ops to follow back from the store (any value: the
  /// node budget bounds the walk).
  unsigned depth = 4;
  /// At most this many nodes per explanation.
  unsigned maxNodes = kDefaultExplainNodes;
};

/// One step of an element's history: an op execution and the lanes that
/// matter, with the inputs they came from. A lane several later ops used
/// (a loop-carried value added to itself) is one node, its inputs followed
/// once.
struct ProvenanceNode {
  std::string opName;
  std::optional<mlir::Location> loc;
  std::vector<std::pair<std::string, int64_t>> iteration;
  /// What happened, e.g. "lane 0 = max of the 64 active lanes of %v = 7.5;
  /// first NaN at lane 17".
  std::string description;
  /// The nodes this one came from: indices into Explanation::nodes.
  std::vector<uint32_t> inputs;
  /// Inputs not followed: the node budget was reached, or (for an op past
  /// the recording limits) its values were not recorded.
  bool truncated = false;
};

struct Explanation {
  unsigned argument;
  uint64_t element;
  /// Never written by the kernel: `nodes` is empty, or holds the last
  /// store that covered the element with its lane inactive.
  bool neverWritten = false;
  /// The provenance DAG: nodes[0] is the store, each node's inputs come
  /// after it in depth-first order of first use.
  std::vector<ProvenanceNode> nodes;
  /// The walk stopped at the node budget (ExplainRequest::maxNodes).
  bool truncated = false;
};

/// Prints an explanation as an indented tree: the store first, each op's
/// inputs below it, each line "op at file:line:col [iv = n]: what it did".
/// A node used by several others is printed once with a label ("{#2}");
/// later uses refer back to it ("#2 again: ..."). Nesting deeper than 32
/// levels is not indented further but numbered ("[level 40]"); a truncated
/// walk ends in a "... truncated" line.
void printExplanation(llvm::raw_ostream &os, const Explanation &x);

} // namespace interp
} // namespace ascreg

#endif // ASCREG_INTERPRETER_DEBUGGING_H

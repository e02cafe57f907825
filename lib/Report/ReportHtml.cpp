//===- ReportHtml.cpp - the HTML page of a report ------------------------===//
//
// Draws a ReportData (ReportData.cpp collects it) as one self-contained
// page. The page is plain HTML with classes the stylesheet colours; every
// lane, mask bit and element is one small element whose title holds its
// exact value and bits (semantics::formatElement), so hovering needs no
// script. Class names are the contract of docs/report.md and of the tests
// that count cells:
//   i.l      a register lane       (value class: nan pinf ninf pz nz sub neg pos)
//   b.m1/m0  an active / inactive mask lane
//   i.e      a buffer element
//   .hl      a highlighted cell: a lane of a finding, a differing lane or element
//   .win     the lane that decided a max/min
// What an op decided (the winning lane, the pair, index and block maps) is the
// interpreter payload's (TraceEvent::decision); the page only draws it.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Report/Report.h"

#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Semantics/ElementFormat.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Support/LocationText.h"
#include "ascreg/Support/OutputFile.h"

#include "mlir/IR/Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

namespace ascreg {
namespace report {

namespace sem = ::ascreg::semantics;
using interp::TracedValue;
using interp::TraceEvent;

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

namespace {

uint64_t elemBits(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

/// Float fields of a format: exponent bits, mantissa bits.
std::pair<unsigned, unsigned> floatFields(sem::NumberFormat f) {
  if (f.cls == sem::NumberFormat::BFloat)
    return {8, 7};
  switch (f.bytes) {
  case 2:
    return {5, 10};
  case 4:
    return {8, 23};
  default:
    return {11, 52};
  }
}

bool isInteger(sem::NumberFormat f) {
  return f.cls == sem::NumberFormat::Signed || f.cls == sem::NumberFormat::Unsigned;
}

/// The CSS class of a value: nan pinf ninf pz nz sub neg pos.
const char *valueClass(sem::NumberFormat f, uint64_t v) {
  if (isInteger(f)) {
    unsigned s = 64 - f.bytes * 8;
    if ((v << s) == 0)
      return "pz";
    if (f.cls == sem::NumberFormat::Signed && (static_cast<int64_t>(v << s) >> s) < 0)
      return "neg";
    return "pos";
  }
  auto [eb, mb] = floatFields(f);
  bool neg = (v >> (eb + mb)) & 1;
  uint64_t exp = (v >> mb) & ((uint64_t(1) << eb) - 1);
  uint64_t man = v & ((uint64_t(1) << mb) - 1);
  if (exp == (uint64_t(1) << eb) - 1)
    return man ? "nan" : neg ? "ninf" : "pinf";
  if (exp == 0)
    return man ? "sub" : neg ? "nz" : "pz";
  return neg ? "neg" : "pos";
}

/// The value of lane `lane` of a traced register.
std::string laneValue(const TracedValue &v, unsigned lane) {
  sem::NumberFormat f = sem::numberFormat(v.regType.elem);
  return sem::formatNumber(f, elemBits(v.bytes.data() + lane * f.bytes, f.bytes));
}

std::string esc(llvm::StringRef s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string iterationText(const std::vector<std::pair<std::string, int64_t>> &it) {
  std::string s;
  for (auto &[name, v] : it)
    s += (s.empty() ? "" : ", ") + name + " = " + std::to_string(v);
  return s;
}

/// A trace header without its " at LOCATION" (drawn separately).
llvm::StringRef opHeader(llvm::StringRef header) {
  size_t at = header.rfind(" at ");
  return at == llvm::StringRef::npos ? header : header.take_front(at);
}

/// The loop variable's name without the "(scf.for at line N)" suffix.
std::string loopName(const std::string &name) { return name.substr(0, name.find(' ')); }

const char *kStyle = R"css(
body{font:13px/1.35 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#20303f;color:#eee;padding:10px 16px}
header h1{font-size:18px;margin:0 0 6px}
header table td{padding:1px 10px 1px 0;vertical-align:top}
header a{color:#9cf}
nav{position:sticky;top:0;background:#e8edf2;padding:4px 16px;z-index:2;border-bottom:1px solid #ccd}
nav a{margin-right:14px}
section{padding:6px 16px}
h2{font-size:15px;margin:10px 0 4px}
code,.mono{font-family:ui-monospace,monospace;font-size:12px}
.cols{display:flex;gap:16px;align-items:flex-start}
.cols>div{flex:1;min-width:0}
details.it{border:1px solid #ccd;border-radius:4px;margin:3px 0;background:#fff}
details.it>summary{padding:2px 6px;cursor:pointer;background:#eef}
details.it.hasf>summary{background:#fdd}
.skip{color:#777;font-style:italic;margin:4px 8px}
.op{border-top:1px solid #eee;padding:4px 8px}
.op:target,.finding:target,.flash{outline:3px solid #f90}
.op .hd{font-weight:600}
.op .loc{color:#666;margin-left:8px}
.v{margin:2px 0 2px 12px}
.v .nm{display:inline-block;min-width:150px;color:#333}
.g{display:inline-grid;grid-template-columns:repeat(var(--n),9px);gap:1px;vertical-align:top}
.g i,.g b{display:block;width:9px;height:9px}
.nan{background:#c026d3}.pinf{background:#b91c1c}.ninf{background:#1e3a8a}
.pz{background:#e5e7eb}.nz{background:#9ca3af}.sub{background:#facc15}
.neg{background:#60a5fa}.pos{background:#34d399}
.l.off{opacity:.3}
.m1{background:#111}.m0{background:#fff;box-shadow:inset 0 0 0 1px #bbb}
.hl,.hlk{box-shadow:0 0 0 2px #f43f5e;position:relative;z-index:1}
.win{box-shadow:0 0 0 2px #f59e0b}
.dec{margin:2px 0 2px 12px;color:#444}
.map{font-family:ui-monospace,monospace;font-size:11px;max-height:160px;overflow:auto;margin-left:12px;columns:4}
.fl{color:#b91c1c}
.finding{margin:3px 0}
.legend span{display:inline-block;margin-right:10px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:3px;vertical-align:middle}
svg.ub rect.u{fill:#e5e7eb}svg.ub rect.r{fill:#60a5fa}svg.ub rect.w{fill:#34d399}
svg.ub rect.rw{fill:#0d9488}svg.ub rect.x{fill:#dc2626}svg.ub rect.f{fill:none;stroke:#f59e0b;stroke-width:2}
.bad{color:#b91c1c;font-weight:600}
)css";

const char *kScript = R"js(
(function(){
  function reveal(id){
    var t=document.getElementById(id); if(!t) return;
    for(var p=t.parentElement;p;p=p.parentElement) if(p.tagName==='DETAILS') p.open=true;
    t.scrollIntoView({block:'center'}); t.classList.add('flash');
    setTimeout(function(){t.classList.remove('flash');},1500);
  }
  window.addEventListener('hashchange',function(){reveal(location.hash.slice(1));});
  document.addEventListener('DOMContentLoaded',function(){
    var b=document.getElementById('toggle');
    if(b) b.addEventListener('click',function(){
      var all=document.querySelectorAll('details.it'), open=b.dataset.open!=='1';
      for(var i=0;i<all.length;i++) all[i].open=open;
      b.dataset.open=open?'1':'0'; b.textContent=open?'collapse all':'expand all';
    });
    if(location.hash) reveal(location.hash.slice(1));
    document.body.dataset.ready='1';
  });
})();
)js";

/// Writes the page; one instance per report.
class Writer {
public:
  Writer(llvm::raw_ostream &os, const ReportData &d) : os(os), d(d) {}
  void write();

private:
  llvm::raw_ostream &os;
  const ReportData &d;
  /// Lanes of run 1's events that differ from run 0's (paired by position).
  std::map<uint64_t, std::vector<std::vector<bool>>> diffLanes;
  /// Anchor of each finding's op, by run and finding.
  std::map<std::pair<size_t, size_t>, std::string> findingOp;
  /// Findings drawn at an event, by run and event index.
  std::map<std::pair<size_t, uint64_t>, std::vector<size_t>> eventFindings;

  void header();
  void findings();
  void timeline(size_t run);
  void event(size_t run, const TraceEvent &e);
  void value(const TraceEvent &e, const TracedValue &v, const std::vector<bool> *hl,
             std::optional<unsigned> win);
  void registerGrid(const TracedValue &v, const std::vector<bool> *hl, std::optional<unsigned> win,
                    const sem::Mask *active, std::optional<sem::RegType> maskLanes);
  void maskStrip(const TracedValue &v, std::optional<sem::RegType> lanes);
  void decision(const TraceEvent &e, std::optional<unsigned> &winner);
  void byteMaps(size_t run);
  void divergence();
  void linkFindings();
  std::string runLabel(size_t run) const {
    return d.runs[run].label.empty() ? "run " + std::to_string(run) : d.runs[run].label;
  }
  std::string eventId(size_t run, uint64_t index) const {
    return std::string(run ? "b" : "e").append(std::to_string(index));
  }
};

void Writer::header() {
  os << "<header><h1>ascreg run report: @" << esc(d.kernel) << "</h1><table>";
  auto row = [&](llvm::StringRef k, llvm::StringRef v) {
    if (!v.empty())
      os << "<tr><td>" << k << "</td><td class=\"mono\">" << esc(v) << "</td></tr>";
  };
  row("kernel", d.source + " @" + d.kernel);
  row("mode", d.mode);
  row("pipeline", d.pipeline);
  row("profile", d.profile);
  row("version", d.version);
  for (auto [i, a] : llvm::enumerate(d.args))
    row(("arg " + std::to_string(i)).c_str(), a.type + "  =  " + a.value);
  std::string runs;
  for (size_t r = 0; r < d.runs.size(); ++r) {
    const ReportRun &run = d.runs[r];
    runs += (r ? "; " : "") + runLabel(r) + ": " + (run.error.empty() ? "ok" : "failed") +
            (run.traced ? ", " + std::to_string(run.totalEvents) + " ops traced" : "") +
            (run.checked ? ", " + std::to_string(run.findings.size()) + " findings" : "");
  }
  row("runs", runs);
  os << "</table></header>\n<nav>";
  if (d.runs.size() == 2)
    os << "<a href=\"#divergence\">divergence</a>";
  os << "<a href=\"#findings\">findings</a><a href=\"#timeline\">timeline</a>"
        "<a href=\"#ubmap\">UB byte map</a><button id=\"toggle\">expand all</button></nav>\n";
  for (const ReportRun &run : d.runs)
    if (!run.error.empty())
      os << "<section><p class=\"bad\">" << esc(run.label) << " failed: " << esc(run.error)
         << "</p></section>\n";
}

void Writer::linkFindings() {
  for (size_t r = 0; r < d.runs.size(); ++r) {
    const ReportRun &run = d.runs[r];
    for (auto [i, f] : llvm::enumerate(run.findings)) {
      // The op's first drawn execution in the finding's iteration, else
      // its first drawn execution.
      const TraceEvent *first = nullptr, *exact = nullptr;
      for (const ReportGroup &g : run.groups)
        for (const TraceEvent &e : g.events)
          if (e.opName == f.opName && e.loc == f.loc) {
            if (!first)
              first = &e;
            if (!exact && e.iteration == f.iteration)
              exact = &e;
          }
      if (const TraceEvent *e = exact ? exact : first) {
        findingOp[{r, i}] = eventId(r, e->index);
        eventFindings[{r, e->index}].push_back(i);
      }
    }
  }
}

void Writer::findings() {
  os << "<section id=\"findings\"><h2>Findings</h2>";
  for (size_t r = 0; r < d.runs.size(); ++r) {
    const ReportRun &run = d.runs[r];
    if (d.runs.size() > 1)
      os << "<h3>" << esc(runLabel(r)) << "</h3>";
    if (!run.checked) {
      os << "<p class=\"skip\">no debugging checks ran (--check=all adds the findings and the "
            "UB byte map)</p>";
      continue;
    }
    if (run.findings.empty())
      os << "<p>none</p>";
    os << "<ol>";
    for (auto [i, f] : llvm::enumerate(run.findings)) {
      os << "<li class=\"finding\" id=\"f" << r << "-" << i << "\"><span class=\"fl\">["
         << interp::checkName(f.kind) << "]</span> <code>" << esc(f.opName) << "</code> "
         << esc(f.message) << " <span class=\"loc mono\">"
         << esc(locationText(f.loc, /*fileBaseName=*/true)) << "</span>";
      if (!f.iteration.empty())
        os << " (first at " << esc(iterationText(f.iteration)) << ")";
      if (f.occurrences > 1)
        os << ", " << f.occurrences << " occurrences";
      if (auto it = findingOp.find({r, i}); it != findingOp.end())
        os << " <a href=\"#" << it->second << "\">op</a>";
      if (f.argument >= 0)
        os << " <a href=\"#ub" << r << "-" << f.argument << "\">bytes</a>";
      for (auto &[loc, note] : f.notes) {
        os << "<br><small>" << esc(note);
        if (loc)
          os << " " << esc(locationText(*loc, /*fileBaseName=*/true));
        os << "</small>";
      }
      os << "</li>";
    }
    os << "</ol>";
  }
  os << "</section>\n";
}

void Writer::registerGrid(const TracedValue &v, const std::vector<bool> *hl,
                          std::optional<unsigned> win, const sem::Mask *active,
                          std::optional<sem::RegType> maskLanes) {
  sem::NumberFormat f = sem::numberFormat(v.regType.elem);
  unsigned lanes = v.regType.lanes();
  os << "<span class=\"g\" style=\"--n:" << std::min(lanes, 64u) << "\">";
  for (unsigned l = 0; l < lanes; ++l) {
    uint64_t bits = elemBits(v.bytes.data() + l * f.bytes, f.bytes);
    bool off = active && maskLanes && *maskLanes == v.regType && !active->laneActive(v.regType, l);
    bool mark = hl && l < hl->size() && (*hl)[l];
    os << "<i class=\"l " << valueClass(f, bits) << (off ? " off" : "") << (mark ? " hl" : "")
       << (win && *win == l ? " win" : "") << "\" title=\"" << l << ": "
       << esc(sem::formatElement(f, bits)) << "\"></i>";
  }
  os << "</span>";
}

void Writer::maskStrip(const TracedValue &v, std::optional<sem::RegType> lanes) {
  sem::Mask mk;
  std::memcpy(mk.w, v.bytes.data(), sizeof mk.w);
  unsigned n = lanes ? lanes->lanes() : sem::kMaskBits;
  unsigned active = 0;
  os << "<span class=\"g\" style=\"--n:" << std::min(n, 64u) << "\">";
  for (unsigned l = 0; l < n; ++l) {
    bool on = lanes ? mk.laneActive(*lanes, l) : mk.bit(l);
    active += on;
    os << "<b class=\"" << (on ? "m1" : "m0") << "\" title=\"" << l << "\"></b>";
  }
  os << "</span> <small>" << active << "/" << n
     << (lanes ? std::string(" lanes of ") + sem::elemName(lanes->elem) +
                     (lanes->numRegs == 2 ? "x2" : "")
               : std::string(" bits"))
     << "</small>";
}

void Writer::value(const TraceEvent &e, const TracedValue &v, const std::vector<bool> *hl,
                   std::optional<unsigned> win) {
  os << "<div class=\"v\"><span class=\"nm mono\" title=\"" << esc(v.type) << "\">" << esc(v.name)
     << "</span> ";
  switch (v.kind) {
  case TracedValue::Kind::Register: {
    // Inputs read under the op's mask: inactive lanes are dimmed.
    const sem::Mask *active = nullptr;
    sem::Mask mk;
    for (const TracedValue &in : e.inputs)
      if (in.kind == TracedValue::Kind::Mask) {
        std::memcpy(mk.w, in.bytes.data(), sizeof mk.w);
        active = &mk;
        break;
      }
    bool isInput = &v >= e.inputs.data() && &v < e.inputs.data() + e.inputs.size();
    registerGrid(v, hl, win, isInput ? active : nullptr, e.maskLanes);
    break;
  }
  case TracedValue::Kind::Mask:
    maskStrip(v, e.maskLanes);
    break;
  case TracedValue::Kind::Scalar: {
    uint64_t x = elemBits(v.bytes.data(), 8);
    os << "<span class=\"mono\">" << static_cast<int64_t>(x) << " (0x" << llvm::utohexstr(x, true)
       << ")</span>";
    break;
  }
  case TracedValue::Kind::Buffer:
    os << "<span class=\"mono\">UB buffer at " << llvm::format_hex(v.ubAddr, 6) << ", "
       << v.numElements << " elements</span>";
    break;
  }
  os << "</div>";
}

/// Index of the first register / mask / buffer operand.
const TracedValue *operand(const std::vector<TracedValue> &vs, TracedValue::Kind k,
                           unsigned nth = 0) {
  for (const TracedValue &v : vs)
    if (v.kind == k && nth-- == 0)
      return &v;
  return nullptr;
}

void Writer::decision(const TraceEvent &e, std::optional<unsigned> &winner) {
  // What the op decided comes from its payload (TraceDecision); the values
  // named here are the traced ones.
  if (!e.decision || e.failed)
    return;
  const interp::TraceDecision &dec = *e.decision;
  const TracedValue *src = operand(e.inputs, TracedValue::Kind::Register);
  const TracedValue *res = operand(e.outputs, TracedValue::Kind::Register);
  unsigned cap = d.caps.laneMapEntries;
  switch (dec.kind) {
  case interp::TraceDecision::Kind::Extremum: {
    const char *what = dec.isMax ? "max" : "min";
    os << "<div class=\"dec\">decided by: ";
    if (!dec.winner) {
      os << "no active lane: lane 0 is the identity of " << what << "</div>";
      return;
    }
    winner = *dec.winner;
    os << "lane 0 = " << what << " of the " << dec.activeLanes << " active lanes";
    if (res)
      os << " = " << esc(laneValue(*res, 0));
    os << "; ";
    if (dec.firstNaN)
      os << "<b>first NaN</b> at lane " << *dec.winner;
    else
      os << "winning lane " << *dec.winner << " (first of equal values)";
    if (src && *dec.winner < src->regType.lanes())
      os << ", source value " << esc(laneValue(*src, *dec.winner));
    os << "</div>";
    return;
  }
  case interp::TraceDecision::Kind::TreeSum:
    os << "<div class=\"dec\">decided by: lane 0 = fixed-tree sum of all lanes, inactive lanes "
          "as +0 (adjacent pairs first)</div>";
    return;
  case interp::TraceDecision::Kind::Pairs: {
    os << "<div class=\"dec\">decided by: pairs (result lane &larr; source lanes)</div>"
          "<div class=\"map\">";
    auto lane = [](int32_t l) { return l < 0 ? std::string("+0") : std::to_string(l); };
    for (size_t i = 0; i < dec.pairs.size() && i < cap; ++i)
      os << "<div>" << i << " &larr; " << lane(dec.pairs[i].first) << " + "
         << lane(dec.pairs[i].second) << "</div>";
    size_t lanes = 2 * dec.pairs.size();
    os << "<div>" << lanes / 2 << "-" << lanes - 1 << " &larr; 0</div></div>";
    return;
  }
  case interp::TraceDecision::Kind::Index: {
    os << "<div class=\"dec\">decided by: index &rarr; source ("
       << (dec.fromBuffer
               ? std::string("result lane &larr; element of the UB buffer")
               : "result lane &larr; source lane, index mod " + std::to_string(dec.sourceLanes))
       << ")</div><div class=\"map\">";
    for (size_t i = 0; i < dec.index.size() && i < cap; ++i) {
      const interp::TraceDecision::Read &r = dec.index[i];
      if (dec.fromBuffer)
        os << "<div" << (r.outside ? " class=\"fl\"" : "") << ">" << r.lane << " &larr; ["
           << r.source << "]" << (r.outside ? " outside" : "") << "</div>";
      else
        os << "<div>" << r.lane << " &larr; " << r.source << "</div>";
    }
    os << "</div>";
    return;
  }
  case interp::TraceDecision::Kind::Blocks: {
    const char *what = dec.isSum ? "sum" : dec.isMax ? "max" : "min";
    os << "<div class=\"dec\">decided by: per 32-byte block (result lane &larr; " << what
       << " of the block's active lanes"
       << (dec.isSum ? ", inactive ones as +0, adjacent pairs first" : "") << ")</div>"
       << "<div class=\"map\">";
    for (size_t b = 0; b < dec.blocks.size() && b < cap; ++b) {
      const interp::TraceDecision::Block &blk = dec.blocks[b];
      os << "<div>" << b << " &larr; " << what << " of lanes " << blk.firstLane << "-"
         << blk.firstLane + blk.lanes - 1 << ": ";
      if (blk.active.empty()) {
        os << "no active lane" << (dec.isSum ? " (+0)" : " (the identity)") << "</div>";
        continue;
      }
      os << blk.active.size() << " active";
      if (blk.active.size() < blk.lanes) {
        os << " (";
        // Runs of consecutive active lanes: "0-3, 6".
        for (size_t i = 0; i < blk.active.size();) {
          size_t j = i;
          while (j + 1 < blk.active.size() && blk.active[j + 1] == blk.active[j] + 1)
            ++j;
          os << (i ? ", " : "") << blk.active[i];
          if (j > i)
            os << "-" << blk.active[j];
          i = j + 1;
        }
        os << ")";
      }
      if (blk.winner) {
        if (blk.firstNaN)
          os << "; <b>first NaN</b> at lane " << *blk.winner;
        else
          os << "; winning lane " << *blk.winner << " (first of equal values)";
        if (src && *blk.winner < src->regType.lanes())
          os << ", source value " << esc(laneValue(*src, *blk.winner));
      }
      os << "</div>";
    }
    if (res && dec.blocks.size() < res->regType.lanes())
      os << "<div>" << dec.blocks.size() << "-" << res->regType.lanes() - 1 << " &larr; 0</div>";
    os << "</div>";
    return;
  }
  }
}

void Writer::event(size_t run, const TraceEvent &e) {
  os << "<div class=\"op\" id=\"" << eventId(run, e.index) << "\"><span class=\"hd mono\">#"
     << e.index << " " << esc(opHeader(e.header)) << "</span><span class=\"loc mono\">"
     << esc(locationText(e.loc, /*fileBaseName=*/true)) << "</span>";
  if (auto it = eventFindings.find({run, e.index}); it != eventFindings.end())
    for (size_t f : it->second)
      os << " <a class=\"fl\" href=\"#f" << run << "-" << f << "\">finding "
         << interp::checkName(d.runs[run].findings[f].kind) << "</a>";
  if (e.failed)
    os << " <span class=\"bad\">failed</span>";
  std::optional<unsigned> winner;
  // The decision first: it says which input lane to look at.
  std::string dec;
  {
    llvm::raw_string_ostream ds(dec);
    Writer sub(ds, d);
    sub.decision(e, winner);
  }
  const TracedValue *src = operand(e.inputs, TracedValue::Kind::Register);
  for (const TracedValue &v : e.inputs)
    value(e, v, nullptr, &v == src ? winner : std::nullopt);
  os << dec;
  auto diff = run == 1 ? diffLanes.find(e.index) : diffLanes.end();
  // The lanes of this execution's findings, marked in its first result.
  std::vector<bool> findingLanes;
  if (auto it = eventFindings.find({run, e.index}); it != eventFindings.end())
    for (size_t f : it->second)
      for (auto [a, b] : d.runs[run].findings[f].lanes)
        for (unsigned l = a; l <= b && l < 512; ++l) {
          findingLanes.resize(std::max<size_t>(findingLanes.size(), l + 1));
          findingLanes[l] = true;
        }
  unsigned reg = 0;
  for (const TracedValue &v : e.outputs) {
    const std::vector<bool> *hl = nullptr;
    if (diff != diffLanes.end() && v.kind == TracedValue::Kind::Register &&
        reg < diff->second.size())
      hl = &diff->second[reg];
    else if (v.kind == TracedValue::Kind::Register && reg == 0 && !findingLanes.empty())
      hl = &findingLanes;
    reg += v.kind == TracedValue::Kind::Register;
    value(e, v, hl, std::nullopt);
  }
  os << "</div>\n";
}

void Writer::timeline(size_t r) {
  const ReportRun &run = d.runs[r];
  os << "<div><h3>" << esc(runLabel(r)) << "</h3>";
  if (!run.traced) {
    os << "<p class=\"skip\">not traced (compiled code: only its buffers are compared)</p></div>";
    return;
  }
  uint64_t drawn = 0;
  for (const ReportGroup &g : run.groups)
    drawn += g.events.size();
  os << "<p>" << run.totalEvents << " ops in " << run.totalGroups << " groups; " << drawn
     << " drawn (cap: the first " << d.caps.headIterations << " and last " << d.caps.tailIterations
     << " iterations of the outermost loop, every iteration with a "
     << "finding, " << d.caps.opsPerIteration << " ops per iteration, " << d.caps.drawnOps
     << " ops in all)</p>";
  if (run.drawnOpsReached)
    os << "<p class=\"skip\">&hellip; truncated: this run reached the page's cap of "
       << d.caps.drawnOps << " drawn ops; only the last " << std::max(1u, d.caps.tailIterations)
       << " groups are drawn after it, the other ops are counted &hellip;</p>";
  std::set<std::pair<std::string, int64_t>> withFinding;
  for (const interp::Finding &f : run.findings)
    if (!f.iteration.empty())
      withFinding.insert(f.iteration.front());
  bool openedFirst = false;
  for (const ReportGroup &g : run.groups) {
    if (g.skippedGroupsBefore)
      os << "<div class=\"skip\">&hellip; " << g.skippedGroupsBefore << " iterations ("
         << g.skippedEventsBefore << " ops) not drawn &hellip;</div>";
    bool hasF = g.inLoop && withFinding.count(g.iteration);
    // Open: the iterations with a finding and the first iteration.
    bool open = hasF || (g.inLoop && !openedFirst);
    openedFirst |= g.inLoop;
    os << "<details class=\"it" << (hasF ? " hasf" : "") << "\"" << (open ? " open" : "")
       << "><summary>"
       << (g.inLoop ? esc(loopName(g.iteration.first)) + " = " + std::to_string(g.iteration.second)
                    : std::string("outside loops"))
       << " &mdash; " << g.events.size() + g.omittedEvents << " ops"
       << (hasF ? " &mdash; finding" : "") << "</summary>";
    for (const TraceEvent &e : g.events)
      event(r, e);
    if (g.omittedEvents)
      os << "<div class=\"skip\">&hellip; " << g.omittedEvents << " more ops of this iteration "
         << "not drawn</div>";
    os << "</details>\n";
  }
  os << "</div>";
}

void Writer::byteMaps(size_t r) {
  const ReportRun &run = d.runs[r];
  if (!run.checked)
    return;
  if (d.runs.size() > 1)
    os << "<h3>" << esc(runLabel(r)) << "</h3>";
  for (auto [b, a] : llvm::enumerate(run.access)) {
    uint64_t n = a.bytes.size();
    std::string name = a.argument >= 0 ? "parameter " + std::to_string(a.argument)
                                       : "allocation " + std::to_string(b);
    // Rows of 256 cells; large buffers fold several bytes into a cell (the
    // most notable state wins: read undefined, written, read, untouched).
    uint64_t perCell = std::max<uint64_t>(1, (n + 256 * 256 - 1) / (256 * 256));
    uint64_t cells = (n + perCell - 1) / perCell;
    uint64_t rows = std::max<uint64_t>(1, (cells + 255) / 256);
    auto state = [&](uint64_t c) -> const char * {
      uint8_t all = 0;
      for (uint64_t i = c * perCell; i < std::min(n, (c + 1) * perCell); ++i)
        all |= a.bytes[i];
      if (all & interp::kByteReadUndefined)
        return "x";
      bool rd = all & interp::kByteRead, wr = all & interp::kByteWritten;
      return rd && wr ? "rw" : wr ? "w" : rd ? "r" : "u";
    };
    uint64_t counts[4] = {0, 0, 0, 0}; // read, written, never written, read undefined
    for (uint8_t x : a.bytes) {
      counts[0] += (x & interp::kByteRead) != 0;
      counts[1] += (x & interp::kByteWritten) != 0;
      counts[2] += (x & interp::kByteWritten) == 0;
      counts[3] += (x & interp::kByteReadUndefined) != 0;
    }
    os << "<div id=\"ub" << r << "-"
       << (a.argument >= 0 ? std::to_string(a.argument) : "a" + std::to_string(b)) << "\"><h4>"
       << name << ": UB " << llvm::format_hex(a.ubAddr, 6) << ", " << a.numElements
       << " elements &times; " << a.elemBytes << " bytes"
       << (perCell > 1 ? " (" + std::to_string(perCell) + " bytes per cell)" : "")
       << "</h4><small>read " << counts[0] << ", written " << counts[1] << ", never written "
       << counts[2] << ", read while undefined " << counts[3] << " bytes</small><br>";
    os << "<svg class=\"ub\" width=\"" << 512 << "\" height=\"" << rows * 6
       << "\" xmlns=\"http://www.w3.org/2000/svg\">";
    for (uint64_t row = 0; row < rows; ++row) {
      uint64_t c = row * 256, end = std::min(cells, c + 256);
      while (c < end) {
        const char *s = state(c);
        uint64_t c2 = c + 1;
        while (c2 < end && std::strcmp(state(c2), s) == 0)
          ++c2;
        os << "<rect class=\"" << s << "\" x=\"" << (c - row * 256) * 2 << "\" y=\"" << row * 6
           << "\" width=\"" << (c2 - c) * 2 << "\" height=\"5\"><title>bytes " << c * perCell << "-"
           << std::min(n, c2 * perCell) - 1 << "</title></rect>";
        c = c2;
      }
    }
    // Findings with element ranges of this buffer (coverage).
    for (auto [i, f] : llvm::enumerate(run.findings)) {
      if (f.argument != a.argument || a.argument < 0)
        continue;
      for (auto [e0, e1] : f.elements) {
        uint64_t b0 = e0 * a.elemBytes / perCell, b1 = (e1 * a.elemBytes + perCell - 1) / perCell;
        for (uint64_t c = b0; c < b1;) {
          uint64_t row = c / 256, end = std::min(b1, (row + 1) * 256);
          os << "<a href=\"#f" << r << "-" << i << "\"><rect class=\"f\" x=\"" << (c % 256) * 2
             << "\" y=\"" << row * 6 << "\" width=\"" << (end - c) * 2 << "\" height=\"5\"><title>"
             << esc(f.message) << "</title></rect></a>";
          c = end;
        }
      }
    }
    os << "</svg></div>";
  }
}

void Writer::divergence() {
  const ReportRun &a = d.runs[0], &b = d.runs[1];
  os << "<section id=\"divergence\"><h2>Divergence: " << esc(runLabel(0)) << " vs "
     << esc(runLabel(1)) << "</h2>";
  // NaN payloads are compared where the semantics fixes them (NaNPayloads.h).
  std::string first;
  uint64_t total = 0;
  std::string body;
  llvm::raw_string_ostream bs(body);
  for (const ReportBuffer &x : a.buffers) {
    auto y = std::find_if(b.buffers.begin(), b.buffers.end(),
                          [&](const ReportBuffer &o) { return o.argument == x.argument; });
    if (y == b.buffers.end() || y->data.size() != x.data.size())
      continue;
    sem::NumberFormat f = x.format;
    uint64_t n = x.data.size() / f.bytes, differing = 0;
    std::vector<bool> diff(n);
    for (uint64_t e = 0; e < n; ++e) {
      uint64_t u = elemBits(x.data.data() + e * f.bytes, f.bytes);
      uint64_t v = elemBits(y->data.data() + e * f.bytes, f.bytes);
      diff[e] = u != v && !(x.nanPayloadUnspecified && sem::isNaN(f, u) && sem::isNaN(f, v));
      if (diff[e] && !differing++ && first.empty())
        first =
            llvm::formatv("parameter {0} element {1}: {2} {3}, {4} {5}", x.argument, e, runLabel(0),
                          sem::formatElement(f, u), runLabel(1), sem::formatElement(f, v))
                .str();
    }
    total += differing;
    uint64_t shown = std::min<uint64_t>(n, d.caps.elementsPerBuffer);
    bs << "<h3>parameter " << x.argument << ": " << differing << " of " << n << " elements differ"
       << (shown < n ? " (first " + std::to_string(shown) + " drawn)" : "")
       << "</h3><div class=\"cols\">";
    bool anchored = false;
    for (const ReportBuffer *buf : {&x, &*y}) {
      bs << "<div><small>" << esc(runLabel(buf == &x ? 0 : 1)) << "</small><br><span class=\"g\" "
         << "style=\"--n:32\">";
      for (uint64_t e = 0; e < shown; ++e) {
        uint64_t v = elemBits(buf->data.data() + e * f.bytes, f.bytes);
        bs << "<i class=\"e " << valueClass(f, v) << (diff[e] ? " hl" : "") << "\"";
        if (diff[e] && buf == &x && !anchored && total == differing) {
          bs << " id=\"first-divergence\"";
          anchored = true;
        }
        bs << " title=\"" << e << ": " << esc(sem::formatElement(f, v)) << "\"></i>";
      }
      bs << "</span></div>";
    }
    bs << "</div>";
  }
  if (total)
    os << "<p class=\"bad\">" << total << " elements differ; <a href=\"#first-divergence\">first "
       << "divergence</a>: " << esc(first) << "</p>";
  else
    os << "<p>identical (NaN payloads not compared)</p>";
  os << body << "</section>\n";
}

void Writer::write() {
  // Output lanes of run 1 that differ from run 0, for events paired by
  // position with the same op header (both runs traced).
  if (d.runs.size() == 2 && d.runs[0].traced && d.runs[1].traced) {
    std::map<uint64_t, const TraceEvent *> first;
    for (const ReportGroup &g : d.runs[0].groups)
      for (const TraceEvent &e : g.events)
        first[e.index] = &e;
    for (const ReportGroup &g : d.runs[1].groups)
      for (const TraceEvent &e : g.events) {
        auto it = first.find(e.index);
        if (it == first.end() || it->second->header != e.header ||
            it->second->outputs.size() != e.outputs.size())
          continue;
        std::vector<std::vector<bool>> regs;
        for (size_t k = 0; k < e.outputs.size(); ++k) {
          const TracedValue &u = it->second->outputs[k], &v = e.outputs[k];
          if (v.kind != TracedValue::Kind::Register)
            continue;
          sem::NumberFormat f = sem::numberFormat(v.regType.elem);
          std::vector<bool> lanes(v.regType.lanes());
          for (unsigned l = 0; l < lanes.size() && u.bytes.size() == v.bytes.size(); ++l) {
            uint64_t x = elemBits(u.bytes.data() + l * f.bytes, f.bytes);
            uint64_t y = elemBits(v.bytes.data() + l * f.bytes, f.bytes);
            lanes[l] = x != y && !(sem::isNaN(f, x) && sem::isNaN(f, y));
          }
          regs.push_back(std::move(lanes));
        }
        diffLanes[e.index] = std::move(regs);
      }
  }
  linkFindings();
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ascreg report: @"
     << esc(d.kernel) << "</title><style>" << kStyle << "</style><script>" << kScript
     << "</script></head><body>\n";
  header();
  if (d.runs.size() == 2)
    divergence();
  findings();
  os << "<section id=\"timeline\"><h2>Timeline</h2><div class=\"legend\">"
        "<span><i class=\"nan\"></i>NaN</span><span><i class=\"pinf\"></i>+inf</span>"
        "<span><i class=\"ninf\"></i>-inf</span><span><i class=\"pz\"></i>+0 / 0</span>"
        "<span><i class=\"nz\"></i>-0</span><span><i class=\"sub\"></i>subnormal</span>"
        "<span><i class=\"neg\"></i>negative</span><span><i class=\"pos\"></i>positive</span>"
        "<span><b class=\"m1\" style=\"display:inline-block;width:10px;height:10px\"></b>active"
        "</span><span><i class=\"win\"></i>winning lane</span><span><i class=\"hlk\"></i>finding "
        "lane / differs"
        "</span></div><div class=\"cols\">";
  for (size_t r = 0; r < d.runs.size(); ++r)
    timeline(r);
  os << "</div></section>\n<section id=\"ubmap\"><h2>UB byte map</h2><div class=\"legend\">"
        "<span><svg width=\"10\" height=\"10\" class=\"ub\"><rect class=\"u\" width=\"10\" "
        "height=\"10\"/></svg> never read or written</span><span><svg width=\"10\" height=\"10\" "
        "class=\"ub\"><rect class=\"r\" width=\"10\" height=\"10\"/></svg> read</span><span><svg "
        "width=\"10\" height=\"10\" class=\"ub\"><rect class=\"w\" width=\"10\" height=\"10\"/>"
        "</svg> written</span><span><svg width=\"10\" height=\"10\" class=\"ub\"><rect "
        "class=\"rw\" width=\"10\" height=\"10\"/></svg> read and written</span><span><svg "
        "width=\"10\" height=\"10\" class=\"ub\"><rect class=\"x\" width=\"10\" height=\"10\"/>"
        "</svg> read while undefined</span><span><svg width=\"10\" height=\"10\" class=\"ub\">"
        "<rect class=\"f\" width=\"10\" height=\"10\"/></svg> finding (linked)</span></div>";
  bool any = false;
  for (size_t r = 0; r < d.runs.size(); ++r) {
    any |= d.runs[r].checked;
    byteMaps(r);
  }
  if (!any)
    os << "<p class=\"skip\">recorded by the debugging checks: run with --check=all</p>";
  os << "</section>\n</body></html>\n";
}

} // namespace

void writeReport(llvm::raw_ostream &os, const ReportData &data) { Writer(os, data).write(); }

llvm::Error writeReportFile(llvm::StringRef path, const ReportData &data) {
  return writeOutputFile(path, [&](llvm::raw_ostream &os) { writeReport(os, data); });
}

} // namespace report
} // namespace ascreg

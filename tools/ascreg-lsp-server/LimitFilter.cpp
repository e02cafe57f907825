//===- LimitFilter.cpp - parse limits in front of MLIR's LSP driver -------===//
#include "LimitFilter.h"

#include "ascreg/Support/ParseLimits.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Transport.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace llvm;
using llvm::lsp::JSONStreamStyle;

namespace ascreg::lsp {
namespace {

/// Writes all of `data` to `fd` (false if the other end is gone).
bool writeAll(int fd, StringRef data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data = data.drop_front(size_t(n));
  }
  return true;
}

/// One message in the framing `style` uses.
std::string frame(StringRef json, JSONStreamStyle style) {
  if (style == JSONStreamStyle::Delimited)
    return json.str() + "\n// -----\n";
  return "Content-Length: " + std::to_string(json.size()) + "\r\n\r\n" + json.str();
}

/// `text` with every byte but line ends blank: it parses to an empty module,
/// and each position of the client's text is still inside it.
std::string blanked(StringRef text) {
  std::string s(text.size(), ' ');
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' || text[i] == '\r')
      s[i] = text[i];
  return s;
}

/// The LSP position (0-based line, UTF-16 code units) of byte `offset`.
json::Object position(StringRef text, size_t offset) {
  StringRef before = text.take_front(offset);
  size_t lineStart = before.rfind('\n');
  lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
  int64_t units = 0;
  for (unsigned char c : before.drop_front(lineStart))
    units += ((c & 0xC0) != 0x80) + (c >= 0xF0); // a 4-byte character is 2 units
  return json::Object{{"line", int64_t(before.count('\n'))}, {"character", units}};
}

class Filter {
public:
  Filter(JSONStreamStyle style, int clientIn, int clientOut, int serverIn, int serverOut)
      : style(style), clientIn(clientIn), clientOut(clientOut), serverIn(serverIn),
        serverOut(serverOut) {}

  void start() {
    // The client may keep stdin open after the driver returned: this thread
    // is never joined, and the Filter is never destroyed.
    std::thread([this] { filterInput(); }).detach();
    output = std::thread([this] { filterOutput(); });
  }

  /// The driver has returned (or the process exits): closes its output and
  /// waits until the client has all of it.
  void finish() {
    std::call_once(finished, [this] {
      outs().flush();
      int devNull = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
      ::dup2(devNull, STDOUT_FILENO); // closes the pipe's last write end
      ::close(devNull);
      output.join();
    });
  }

private:
  /// Client -> driver: documents beyond the limits are blanked.
  void filterInput() {
    FILE *in = ::fdopen(clientIn, "r");
    llvm::lsp::JSONTransportInputOverFile reader(in, style);
    std::string message;
    while (!reader.isEndOfInput() && !reader.hasError()) {
      if (failed(reader.readMessage(message)) || StringRef(message).trim().empty())
        continue;
      if (!forwardToServer(message))
        break;
    }
    ::close(serverIn); // the driver sees the end of its input
  }

  bool forwardToServer(const std::string &message) {
    if (auto v = findJsonLimitViolation(message)) {
      std::fprintf(stderr, "ascreg-lsp-server: dropped a message: %s (byte %zu)\n",
                   v->message.c_str(), v->offset);
      return true;
    }
    Expected<json::Value> parsed = json::parse(message);
    if (!parsed) { // the driver reports it
      consumeError(parsed.takeError());
      return writeAll(serverIn, frame(message, style));
    }
    json::Object *object = parsed->getAsObject();
    json::Object *params = object ? object->getObject("params") : nullptr;
    StringRef method = object ? object->getString("method").value_or("") : "";
    json::Object *document = params ? params->getObject("textDocument") : nullptr;
    json::Value *text = nullptr; // the document's text, as the driver takes it
    if (document && method == "textDocument/didOpen") {
      text = document->get("text");
    } else if (document && method == "textDocument/didChange") {
      json::Array *changes = params->getArray("contentChanges");
      if (changes && changes->size() == 1 && (*changes)[0].getAsObject())
        text = (*changes)[0].getAsObject()->get("text");
    }
    if (!text || !text->getAsString())
      return writeAll(serverIn, frame(message, style));
    StringRef content = *text->getAsString();
    std::optional<ParseLimitViolation> violation = findParseLimitViolation(content);
    if (!violation)
      return writeAll(serverIn, frame(message, style));

    json::Object start = position(content, violation->offset);
    json::Object end = start;
    end["character"] = *start.getInteger("character") + 1;
    json::Object diagnostic{
        {"range", json::Object{{"start", std::move(start)}, {"end", std::move(end)}}},
        {"severity", 1},
        {"source", "ascreg"},
        {"category", "Parse Error"},
        {"message", violation->message}};
    std::optional<StringRef> uri = document->getString("uri");
    std::optional<int64_t> version = document->getInteger("version");
    if (uri && version) { // (else the driver takes no document from it)
      std::lock_guard<std::mutex> lock(mutex);
      refused.insert_or_assign({uri->str(), *version}, json::Value(std::move(diagnostic)));
    }
    *text = blanked(content);
    std::string replaced;
    raw_string_ostream os(replaced);
    os << *parsed;
    return writeAll(serverIn, frame(replaced, style));
  }

  /// Driver -> client: a blanked version's diagnostics are the limit error.
  void filterOutput() {
    FILE *in = ::fdopen(serverOut, "r");
    llvm::lsp::JSONTransportInputOverFile reader(in, JSONStreamStyle::Standard);
    std::string message;
    while (!reader.isEndOfInput() && !reader.hasError()) {
      if (failed(reader.readMessage(message)))
        continue;
      if (!writeAll(clientOut, frame(rewriteDiagnostics(message), JSONStreamStyle::Standard)))
        break;
    }
    ::fclose(in);
  }

  std::string rewriteDiagnostics(const std::string &message) {
    if (!StringRef(message).contains("textDocument/publishDiagnostics"))
      return message;
    Expected<json::Value> parsed = json::parse(message);
    if (!parsed) {
      consumeError(parsed.takeError());
      return message;
    }
    json::Object *params =
        parsed->getAsObject() ? parsed->getAsObject()->getObject("params") : nullptr;
    std::optional<StringRef> uri = params ? params->getString("uri") : std::nullopt;
    std::optional<int64_t> version = params ? params->getInteger("version") : std::nullopt;
    if (!uri || !version)
      return message;
    json::Value diagnostic = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = refused.find({uri->str(), *version});
      if (it == refused.end())
        return message;
      diagnostic = std::move(it->second);
      refused.erase(it);
    }
    (*params)["diagnostics"] = json::Array{std::move(diagnostic)};
    // As the driver prints (-pretty: indented, a line end after).
    bool pretty = StringRef(message).contains('\n');
    return formatv(pretty ? "{0:2}\n" : "{0}", *parsed).str();
  }

  JSONStreamStyle style;
  int clientIn, clientOut, serverIn, serverOut;
  std::thread output;
  std::once_flag finished;
  std::mutex mutex;
  /// (uri, version) of each blanked document whose diagnostics the driver
  /// has not published yet, with the limit error.
  std::map<std::pair<std::string, int64_t>, json::Value> refused;
};

Filter *filter = nullptr;

JSONStreamStyle styleOf(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    StringRef arg = StringRef(argv[i]).ltrim('-');
    if (arg == "lit-test" || arg == "lit-test=true" || arg == "lit-test=1" ||
        arg == "input-style=delimited" ||
        (arg == "input-style" && i + 1 < argc && StringRef(argv[i + 1]) == "delimited"))
      return JSONStreamStyle::Delimited;
  }
  return JSONStreamStyle::Standard;
}

} // namespace

mlir::LogicalResult startLimitFilter(int argc, char **argv) {
  int toServer[2], fromServer[2];
  if (::pipe2(toServer, O_CLOEXEC) != 0 || ::pipe2(fromServer, O_CLOEXEC) != 0)
    return failure();
  int clientIn = ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
  int clientOut = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (clientIn < 0 || clientOut < 0 || ::dup2(toServer[0], STDIN_FILENO) < 0 ||
      ::dup2(fromServer[1], STDOUT_FILENO) < 0)
    return failure();
  ::close(toServer[0]);
  ::close(fromServer[1]);
  filter = new Filter(styleOf(argc, argv), clientIn, clientOut, toServer[1], fromServer[0]);
  filter->start();
  // Constructed before the handler is registered, llvm::outs() is destroyed
  // after it runs.
  (void)outs();
  std::atexit([] { filter->finish(); });
  return success();
}

} // namespace ascreg::lsp

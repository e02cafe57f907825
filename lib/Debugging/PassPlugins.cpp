//===- PassPlugins.cpp - loading pass plugins by file name ----------------===//
#include "ascreg/Debugging/PassPlugins.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/FileSystem.h"

namespace ascreg {
namespace debugging {

llvm::Error loadPassPlugin(llvm::StringRef path) {
  // "./Foo.so" makes dlopen open the file instead of searching for a library.
  std::string file = path.contains('/') ? path.str() : "./" + path.str();
  auto cannot = [&](llvm::StringRef why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "Could not load library '" + file + "': " + why);
  };
  if (!llvm::sys::fs::exists(file))
    return cannot(path.contains('/')
                      ? "no such file"
                      : "no such file (a name without '/' is a file in the working directory)");
  if (llvm::sys::fs::is_directory(file))
    return cannot("it is a directory");
  llvm::Expected<mlir::PassPlugin> plugin = mlir::PassPlugin::load(file);
  if (!plugin)
    return plugin.takeError();
  plugin->registerPassRegistryCallbacks();
  return llvm::Error::success();
}

} // namespace debugging
} // namespace ascreg

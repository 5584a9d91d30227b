import Glibc
import WallpaperCLI

exit(WallpaperTool().run(Array(CommandLine.arguments.dropFirst())))

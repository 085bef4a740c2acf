import Foundation

/// Finds the folder with `Public/`, `Templates/` and `Scenarios/`: the working directory when run from the
/// checkout, else a folder above the binary: the checkout it was built in (`.build/<config>/webim-widget`) or the
/// bundle it came in (`bin/webim-widget`, from `scripts/bundle`).
enum ResourceLocator {
    struct NotFound: Error, CustomStringConvertible {
        var description: String {
            "Public/, Templates/ and Scenarios/ not found; run from the checkout or pass --resources PATH"
        }
    }

    static func root(explicit: String?) throws -> URL {
        var candidates: [URL] = []
        if let explicit { candidates.append(URL(fileURLWithPath: explicit, isDirectory: true)) }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        // The executable's own path (on Linux, /proc/self/exe), not argv[0]: run by name through a link on PATH,
        // argv[0] is only `webim-widget`.
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        guard let root = candidates.first(where: isResourceRoot) else { throw NotFound() }
        return root.standardizedFileURL
    }

    private static func isResourceRoot(_ url: URL) -> Bool {
        ["Public", "Templates", "Scenarios"].allSatisfy {
            FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path)
        }
    }
}

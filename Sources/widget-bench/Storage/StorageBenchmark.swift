import ArgumentParser
import Foundation
import GRDB

/// Per-tab history storage, measured both ways: one database file per visitor (what the client core does) against
/// one database that all visitors share. Both with the core's settings (WAL, `synchronous = FULL`), the same rows
/// and the same page query, in this process, so that descriptors and memory are read from `/proc/self`.
struct StorageBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "One history database per visitor against one shared database: descriptors, memory, pages, "
            + "concurrent writes and erasure."
    )

    @Option(help: "Visitors, each with its own history.")
    var visitors = 2_000

    @Option(help: "Messages stored per visitor.")
    var messages = 200

    @Option(help: "Visitors whose database stays open at once (the core keeps 1,024 open).")
    var open = 1_000

    @Option(help: "Visitors writing one message each at the same moment.")
    var writers = 200

    @Option(help: "History pages read, each of one random visitor's newest 100 messages.")
    var pages = 2_000

    /// Each layout in a process of its own reads memory from a clean start.
    enum Layout: String, ExpressibleByArgument, CaseIterable {
        case perVisitor = "per-visitor"
        case shared
        case control
    }

    @Option(help: "Which layouts to measure: per-visitor, shared, control (shared without secure_delete).")
    var layout: [Layout] = Layout.allCases

    func run() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("storage-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let shape = StorageShape(visitors: visitors, messages: messages, open: open, writers: writers, pages: pages)
        progress("storage: \(visitors) visitors × \(messages) messages")
        var rows: [StorageFigures] = []
        for layout in self.layout {
            let folder = root.appendingPathComponent(layout.rawValue)
            switch layout {
            case .perVisitor: rows.append(try await PerVisitorStorage(root: folder, shape: shape).measure())
            case .shared: rows.append(try await SharedStorage(root: folder, shape: shape).measure())
            case .control:
                rows.append(try await SharedStorage(root: folder, shape: shape, secureDelete: false).measure())
            }
        }
        print(
            "layout | descriptors (\(open) open) | resident memory | newest page p50 / p99 | "
                + "page after reopening p50 | \(writers) concurrent writes | erase one visitor | erased text left"
        )
        for figures in rows { print(figures.row) }
    }
}

/// What both layouts are measured with.
struct StorageShape {
    var visitors: Int
    var messages: Int
    var open: Int
    var writers: Int
    var pages: Int

    /// Text unique to one visitor's messages, looked for in the files after that visitor is erased.
    static func marker(visitor: Int) -> String { "visitor-\(visitor)-private-words" }
}

/// One layout's figures, as a table row.
struct StorageFigures {
    var layout: String
    var descriptors: Int
    var residentMiB: Double
    var page: Summary
    var reopenedPage: Summary?
    var concurrentWrites: Duration
    var erase: Duration
    var erasedTextLeft: Int

    var row: String {
        [
            layout, "\(descriptors)", String(format: "%.0f MiB", residentMiB),
            "\(page.p50Text) / \(page.p99Text)", reopenedPage?.p50Text ?? "n/a",
            Summary.milliseconds(concurrentWrites), Summary.milliseconds(erase), "\(erasedTextLeft)",
        ].joined(separator: " | ")
    }
}

/// Reads of this process's own resources.
enum ProcessResources {
    static var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    static var residentMiB: Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// How often `text` occurs in the files of `directory` (the database, its log and shared memory).
    static func occurrences(of text: String, in directory: URL) -> Int {
        let needle = Data(text.utf8)
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return files.reduce(0) { count, file in
            guard let data = try? Data(contentsOf: file) else { return count }
            var found = 0
            var start = data.startIndex
            while let range = data.range(of: needle, in: start..<data.endIndex) {
                found += 1
                start = range.upperBound
            }
            return count + found
        }
    }
}

/// The configuration both layouts open their databases with: the client core's.
enum StorageConfiguration {
    static func make(secureDelete: Bool = false) -> Configuration {
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -256")
            if secureDelete { try db.execute(sql: "PRAGMA secure_delete = ON") }
        }
        return configuration
    }

    static func makeItem(visitor: Int, index: Int) -> String {
        #"{"id":"\#(visitor)-\#(index)","kind":"operator","text":"\#(StorageShape.marker(visitor: visitor)) \#(index)"}"#
    }
}

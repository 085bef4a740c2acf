import Foundation

/// CPU time of processes by id, from `/proc/<pid>/stat` (proc(5)): what a server used, in user and system time.
enum ProcessCPU {
    /// The process's own CPU time so far; nil once it is gone.
    static func time(of pid: Int32) -> Duration? {
        guard let fields = statFields(of: pid), fields.count > 12, let user = Int(fields[11]),
            let system = Int(fields[12])
        else { return nil }
        return .seconds(Double(user + system) / Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The process's and its running children's (nginx's master and workers, say).
    static func timeWithChildren(of pid: Int32) -> Duration? {
        guard let own = time(of: pid) else { return nil }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { parent(of: $0) == pid }.compactMap(time(of:)).reduce(own, +)
    }

    private static func parent(of pid: Int32) -> Int32? {
        statFields(of: pid).flatMap { $0.count > 1 ? Int32($0[1]) : nil }
    }

    /// The fields after the command name: state is the first (field 3 of proc(5)), utime the twelfth.
    private static func statFields(of pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ")
        else { return nil }
        return stat[afterName.upperBound...].split(separator: " ")
    }
}

import Foundation

/// How the operator console is announced at start. Its token is the console's password: printed in the link only to
/// a terminal, which only the person who started the server sees; to anything else (a pipe, a file, systemd's
/// journal, which keep what they are given and let others read it) the link goes without it, with the path of the
/// file that holds it.
struct ConsoleAnnouncement: Sendable {
    /// The console token.
    let token: String
    /// The file that holds it (`<data-dir>/service/console-token`).
    let tokenFile: URL

    /// The lines to print for the console at `serviceURL` (`http://host:port`).
    func lines(serviceURL: String, toTerminal: Bool = isatty(STDOUT_FILENO) == 1) -> String {
        guard !toTerminal else { return "Operator console:  \(serviceURL)/operator?token=\(token)\n" }
        return """
            Operator console:  \(serviceURL)/operator
            Console token file: \(tokenFile.standardizedFileURL.path)

            """
    }
}

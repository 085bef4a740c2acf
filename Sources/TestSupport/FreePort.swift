import Foundation

/// A free TCP port on loopback, for a server started later on it (after its clients already point at it, say).
///
/// It is picked below the kernel's ephemeral range (32768 and up on Linux), which is where every server bound to port
/// 0 gets its port: a port from that range, freed here, could go to another test's server before this one binds it.
public enum FreePort {
    /// Ports outside the ephemeral range and above the well-known services.
    static let candidates = 20_000..<32_768

    public static func make() throws -> Int {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let port = Int.random(in: candidates, using: &generator)
            if try isFree(port) { return port }
        }
        throw POSIXError(.EADDRINUSE)
    }

    /// Whether a socket can bind `port` on 127.0.0.1 now.
    private static func isFree(_ port: Int) throws -> Bool {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socketDescriptor, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

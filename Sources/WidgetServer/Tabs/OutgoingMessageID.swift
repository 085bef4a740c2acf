import Crypto
import Foundation

/// The client-side id a page's message gets from its `clientId`: the same request always names the same message,
/// so a retry after the server restarted finds the message in the tab's outbox or history instead of sending it
/// again, and the service, which deduplicates by client-side id, keeps one.
enum OutgoingMessageID {
    /// 32 hexadecimal digits, as the core makes them: the first half of SHA-256 over the tab id and the `clientId`,
    /// so two tabs' ids never meet and the page cannot choose another message's id.
    static func make(tabID: String, clientID: String) -> String {
        let digest = SHA256.hash(data: Data("webim-widget message\u{0}\(tabID)\u{0}\(clientID)".utf8))
        return digest.prefix(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

import ArgumentParser
import Foundation
import WebimService
import WidgetServer

/// Reads the cluster key (`--cluster-key-file`), or the data folder's own, made at the first start.
enum ClusterKeyFile {
    /// The key in `explicit`, which must exist and be its owner's alone (a deployment's servers share it, so none may
    /// make its own), or else the one in `default`, made when missing.
    static func load(explicit: URL?, default defaultFile: URL) throws -> ClusterKey {
        guard let explicit else {
            return try ClusterKey(secret: Data(SecretFile.loadOrCreate(at: defaultFile).utf8))
        }
        try GivenKeyFile.check(explicit, option: "--cluster-key-file")
        let secret: Data
        do {
            secret = try Data(contentsOf: explicit)
        } catch {
            throw ValidationError("--cluster-key-file \(explicit.path) cannot be read: \(error.localizedDescription)")
        }
        do {
            return try ClusterKey(secret: secret)
        } catch {
            throw ValidationError("--cluster-key-file \(explicit.path): \(error)")
        }
    }
}

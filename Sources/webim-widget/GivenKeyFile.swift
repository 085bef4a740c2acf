import ArgumentParser
import Foundation
import WebimService

/// A key file named on the command line, checked before anything is read from it or started.
enum GivenKeyFile {
    /// Stops the command with an error naming `option` and the file when its group or others may access it.
    static func check(_ file: URL, option: String) throws {
        do {
            try KeyFilePermissions.check(file)
        } catch let error as SecretFile.Unusable {
            throw ValidationError("\(option) \(error)")
        }
    }
}

import Foundation
import WebimWire

extension WebimServerSideSettings {
    /// PROTOCOL.md §7.1: the checks before an upload, against the config the app fetched.
    func uploadRefusal(size: Int, fileName: String) -> String? {
        if !visitorUploadFile { return SendFileError.uploadNotAllowedCode }
        if size >= maxVisitorUploadFileSizeMB * 1_048_576 { return WireError.maxFileSizeExceeded }
        let fileExtension = (fileName as NSString).pathExtension.lowercased()
        if !allowedUploadFileTypes.isEmpty, !allowedUploadFileTypes.contains(fileExtension) {
            return WireError.notAllowedFileType
        }
        return nil
    }
}

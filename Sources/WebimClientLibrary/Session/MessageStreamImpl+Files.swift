import Foundation
import WebimWire

extension MessageStreamImpl {
    @discardableResult
    func send(
        file: Data,
        filename: String,
        mimeType: String,
        completionHandler: (any SendFileCompletionHandler)?
    ) throws
        -> String
    {
        try core.withAccess { core in
            try Outbox.sendFile(data: file, fileName: filename, mimeType: mimeType, in: core) { _, id, outcome in
                outcome.reportFile(to: completionHandler, messageID: id)
            }
        }
    }

    @discardableResult
    func uploadFilesToServer(
        file: Data,
        filename: String,
        mimeType: String,
        completionHandler: (any UploadFileToServerCompletionHandler)?
    ) throws -> String {
        try core.withAccess { core in
            Outbox.uploadFile(data: file, fileName: filename, mimeType: mimeType, in: core) { core, id, outcome in
                switch outcome {
                case .success(let data):
                    guard let parameters = data.flatMap({ try? $0.decode(FileParametersItem.self) }),
                        let file = FileInfoImpl(parameters: parameters, signer: core.services.fileSigner)
                    else {
                        completionHandler?.onFailure(messageID: id, error: .unknown)
                        return
                    }
                    completionHandler?.onSuccess(
                        id: id,
                        uploadedFile: UploadedFileImpl(parameters: parameters, file: file)
                    )
                case .failure(let code):
                    completionHandler?.onFailure(messageID: id, error: SendFileError(wireCode: code))
                case .canceled: completionHandler?.onFailure(messageID: id, error: .uploadCanceled)
                }
            }
        }
    }

    @discardableResult
    func send(uploadedFiles: [any UploadedFile], completionHandler: (any SendFilesCompletionHandler)?) throws -> String
    {
        let files = uploadedFiles.compactMap { ($0 as? UploadedFileImpl)?.parameters }
        return try core.withAccess { core in
            Outbox.sendUploadedFiles(files, in: core) { _, id, outcome in
                switch outcome {
                case .success: completionHandler?.onSuccess(messageID: id)
                case .failure(let code):
                    completionHandler?.onFailure(messageID: id, error: SendFilesError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }

    func deleteUploadedFiles(fileGuid: String, completionHandler: (any DeleteUploadedFileCompletionHandler)?) throws {
        try core.withAccess { core in
            core.actions.enqueue(
                QueuedAction(call: .deleteUploadedFile(guid: fileGuid)) { _, outcome in
                    switch outcome {
                    case .success: completionHandler?.onSuccess()
                    case .failure(let code):
                        completionHandler?.onFailure(error: DeleteUploadedFileError(wireCode: code))
                    case .canceled: break
                    }
                },
                in: core
            )
        }
    }

    // MARK: Reads

    func searchStreamMessagesBy(query: String, completionHandler: (any SearchMessagesCompletionHandler)?) throws {
        try core.withAccess { core in
            ReadRequests.search(query: query, in: core) { _, messages in
                if let messages {
                    completionHandler?.onSearchMessageSuccess(query: query, messages: messages)
                } else {
                    completionHandler?.onSearchMessageFailure(query: query)
                }
            }
        }
    }

    func getRawConfig(forLocation: String, completionHandler: (any RawLocationConfigCompletionHandler)?) throws {
        try core.withAccess { core in
            ReadRequests.fetchConfig(location: forLocation, in: core) { _, json in
                if let config = json?.objectValue {
                    completionHandler?.onSuccess(rawLocationConfig: config.mapValues(\.foundationValue))
                } else {
                    completionHandler?.onFailure()
                }
            }
        }
    }

    func getServerSideSettings(completionHandler: (any ServerSideSettingsCompletionHandler)?) throws {
        try core.withAccess { core in
            ReadRequests.fetchServerSideSettings(in: core) { _, settings in
                if let settings {
                    completionHandler?.onSuccess(webimServerSideSettings: settings)
                } else {
                    completionHandler?.onFailure()
                }
            }
        }
    }
}

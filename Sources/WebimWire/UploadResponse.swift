/// The answer to a file upload (PROTOCOL.md §7.1): the file's parameters, or an `error`.
public typealias UploadResponse = WireAnswer<FileParametersItem>

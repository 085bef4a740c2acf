import HTTPAPI
import NIOCore
import Testing

/// The upload parser both servers use: which part is the file, and which content types carry a boundary.
@Suite struct MultipartFormTests {
    private func body(_ parts: [(disposition: String, text: String)]) -> ByteBuffer {
        var text = ""
        for part in parts {
            text += "--b\r\nContent-Disposition: form-data; \(part.disposition)\r\n\r\n\(part.text)\r\n"
        }
        return ByteBuffer(string: text + "--b--\r\n")
    }

    @Test func thePartNamedForTheFileWinsOverAnEarlierFileAndTextPartsAreFields() throws {
        let form = try #require(
            MultipartForm.parse(
                body([
                    ("name=\"other\"; filename=\"a.txt\"", "not this one"),
                    ("name=\"clientId\"", "c1"),
                    ("name=\"file\"; filename=\"photo.png\"", "the file"),
                ]),
                boundary: "b",
                fileFieldName: "file"
            )
        )
        #expect(form.file?.filename == "photo.png")
        #expect(form.file.map { String(decoding: $0.bytes, as: UTF8.self) } == "the file")
        #expect(form.fields == ["clientId": "c1"])
    }

    @Test func anyFileServesWhenNoneIsNamedAndANamedFileNeedsNoFilename() throws {
        let anyFile = MultipartForm.parse(
            body([("name=\"attachment\"; filename=\"a.txt\"", "x")]),
            boundary: "b",
            fileFieldName: "file"
        )
        #expect(anyFile?.file?.filename == "a.txt")
        let unnamed = MultipartForm.parse(body([("name=\"file\"", "x")]), boundary: "b", fileFieldName: "file")
        #expect(unnamed?.file?.filename == "file")
    }

    @Test func onlyMultipartFormDataHasABoundary() {
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=\"abc\"") == "abc")
        #expect(MultipartForm.boundary(contentType: "Multipart/Form-Data;charset=utf-8; boundary=x") == "x")
        #expect(MultipartForm.boundary(contentType: "application/x-www-form-urlencoded; boundary=x") == nil)
        #expect(MultipartForm.boundary(contentType: "multipart/form-data") == nil)
        #expect(MultipartForm.boundary(firstLineOf: ByteBuffer(string: "--xyz\r\nrest")) == "xyz")
    }

    @Test func aQuotedFilenameIsTakenWholeAsABrowserWritesIt() throws {
        for name in ["minutes; final.txt", #"..\..\Windows\win.ini"#, "\tnotes.txt", " spaced .txt", "a=b.txt"] {
            let form = try #require(
                MultipartForm.parse(
                    body([(#"name="clientId""#, "c1"), (#"name="file"; filename="\#(name)""#, "x")]),
                    boundary: "b",
                    fileFieldName: "file"
                )
            )
            #expect(form.file?.filename == name)
            #expect(form.fields == ["clientId": "c1"])
        }
        let unquoted = try #require(
            MultipartForm.parse(body([("name=file; filename=plain.txt ", "x")]), boundary: "b", fileFieldName: "file")
        )
        #expect(unquoted.file?.filename == "plain.txt")
    }
}

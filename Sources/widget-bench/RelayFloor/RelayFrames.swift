import NIOCore

/// What the relay writes for a long poll's answer: each of its lines as a `message.added` event, no JSON read.
enum RelayFrames {
    /// The events of `body`, and how many lines they were (the poll's cursor moves by as many).
    static func events(in body: ByteBuffer) -> (frames: ByteBuffer, count: Int) {
        var frames = ByteBuffer()
        var count = 0
        for line in body.readableBytesView.split(separator: UInt8(ascii: "\n")) {
            frames.writeString("event: message.added\ndata: ")
            frames.writeBytes(line)
            frames.writeString("\n\n")
            count += 1
        }
        return (frames, count)
    }
}

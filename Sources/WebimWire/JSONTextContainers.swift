/// The containers `JSONTextWriter` hands out. Each knows its level, the count of containers open with it: writing to
/// a container closes whatever was nested in it before, so text comes out in order without a tree.

struct JSONTextKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONTextWriter
    let level: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        writer.startMember(key.stringValue, at: level)
        writer.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        writer.startMember(key.stringValue, at: level)
        writer.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        writer.startMember(key.stringValue, at: level)
        writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        writer.startMember(key.stringValue, at: level)
        try writer.writeDouble(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        writer.startMember(key.stringValue, at: level)
        try writer.writeDouble(Double(value))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        writer.startMember(key.stringValue, at: level)
        writer.writeInteger(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        writer.startMember(key.stringValue, at: level)
        writer.writeInteger(value)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        writer.startMember(key.stringValue, at: level)
        try writer.writeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        writer.startMember(key.stringValue, at: level)
        return writer.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.startMember(key.stringValue, at: level)
        return writer.unkeyedContainer()
    }

    // A subclass's encoding of its superclass: written where the key's value goes, as `JSONEncoder` nests it.
    mutating func superEncoder() -> any Encoder {
        writer.startMember("super", at: level)
        return writer
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        writer.startMember(key.stringValue, at: level)
        return writer
    }
}

struct JSONTextUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONTextWriter
    let level: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(writer: JSONTextWriter, level: Int) {
        self.writer = writer
        self.level = level
    }

    private mutating func startElement() {
        writer.startElement(at: level)
        count += 1
    }

    mutating func encodeNil() throws {
        startElement()
        writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        startElement()
        writer.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        startElement()
        writer.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        startElement()
        try writer.writeDouble(value)
    }

    mutating func encode(_ value: Int) throws {
        startElement()
        writer.writeInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        startElement()
        writer.writeInteger(value)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        startElement()
        try writer.writeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        startElement()
        return writer.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        startElement()
        return writer.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        startElement()
        return writer
    }
}

/// A value written where its parent's key or element put the text: the writer is already in place.
struct JSONTextSingleValue: SingleValueEncodingContainer {
    let writer: JSONTextWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.writeNull() }
    mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeDouble(value) }
    mutating func encode(_ value: Float) throws { try writer.writeDouble(Double(value)) }
    mutating func encode(_ value: Int) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { writer.writeInteger(value) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { try writer.writeValue(value) }
}

/// The answer to an action (PROTOCOL.md §5.1): success is an object without `error`; some actions answer with
/// `data` (an upload's file, a keyboard request's error in its `data`).
public typealias ActionResponse = WireAnswer<JSONValue>

extension WireAnswer where Page == JSONValue {
    /// `{"result":"ok"}`.
    public static var ok: Self { Self(result: "ok") }
}

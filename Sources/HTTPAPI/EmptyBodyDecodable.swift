/// A request body type that an empty body decodes as `{}`: a route whose fields are all optional, or which names the
/// missing one as it does for `{}`. `APIJSONDecoder` refuses an empty body for any other type as not JSON.
package protocol EmptyBodyDecodable: Decodable {}

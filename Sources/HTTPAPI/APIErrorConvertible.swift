/// A domain error with an HTTP API answer: `APIErrorMiddleware` answers it with `apiError`, so that the code which
/// throws it needs to know nothing of HTTP.
package protocol APIErrorConvertible: Error {
    /// The answer for this failure.
    var apiError: APIError { get }
}

// afterflow-oembed URL: the one network request of `afterflow music fetch --online`.
//
// A separate program so that the `afterflow` binary links no networking library: every other
// command starts without loading libcurl and its dependencies (measured: start-up of a static
// binary went from about 5 ms to 16 ms with FoundationNetworking linked in), and a look at
// `afterflow`'s libraries shows it cannot connect anywhere.
//
// One GET of URL, nothing else: an ephemeral session with no cookie store, no credential store
// and no cache, cookies neither sent nor accepted, a 3-second limit, and redirects refused (a
// redirect would be a second request, possibly to another host). The body of a 2xx answer goes
// to standard output. Exit status: 0 answered; 2 an HTTP status other than 2xx (on standard
// error: `HTTP 404`); 3 no answer within 3 seconds; 4 any other failure (on standard error, why);
// 64 a bad argument.
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation

/// Refuses every redirect: the 3xx answer itself is the result.
final class RefuseRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// What the one task gave back, filled on URLSession's queue and read after the semaphore.
final class Outcome: @unchecked Sendable {
    var data: Data?
    var response: URLResponse?
    var error: Error?
}

func fail(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let url = URL(string: arguments[1]),
      let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil else {
    fail("usage: afterflow-oembed URL (an http or https address); it is run by 'afterflow music fetch --online'", 64)
}

let limit: TimeInterval = 3
let configuration = URLSessionConfiguration.ephemeral
configuration.httpCookieStorage = nil
configuration.httpShouldSetCookies = false
configuration.httpCookieAcceptPolicy = .never
configuration.urlCredentialStorage = nil
configuration.urlCache = nil
configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
configuration.timeoutIntervalForRequest = limit
configuration.timeoutIntervalForResource = limit
configuration.httpMaximumConnectionsPerHost = 1
configuration.httpAdditionalHeaders = ["Accept": "application/json"]

let session = URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: limit)
request.httpMethod = "GET"
request.httpShouldHandleCookies = false

let outcome = Outcome()
let done = DispatchSemaphore(value: 0)
let task = session.dataTask(with: request) { data, response, error in
    outcome.data = data
    outcome.response = response
    outcome.error = error
    done.signal()
}
task.resume()
// The session's own limit ends the task; this one is in case it does not.
if done.wait(timeout: .now() + limit + 1) == .timedOut {
    task.cancel()
    fail("no answer within \(Int(limit)) seconds", 3)
}
if let error = outcome.error {
    if (error as? URLError)?.code == .timedOut { fail("no answer within \(Int(limit)) seconds", 3) }
    fail((error as? URLError).map { "\($0.localizedDescription) (URLError \($0.code.rawValue))" } ?? "\(error)", 4)
}
guard let http = outcome.response as? HTTPURLResponse else { fail("the answer was not HTTP", 4) }
guard (200..<300).contains(http.statusCode) else {
    var message = "HTTP \(http.statusCode)"
    if (300..<400).contains(http.statusCode) {
        message += ", a redirect" + ((http.value(forHTTPHeaderField: "Location")).map { " to \($0)" } ?? "") + ", not followed"
    }
    fail(message, 2)
}
FileHandle.standardOutput.write(outcome.data ?? Data())
exit(0)

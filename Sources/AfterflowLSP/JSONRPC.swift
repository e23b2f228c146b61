import Foundation

/// The error codes of JSON-RPC and of the protocol that a server sends.
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
}

/// A message the client sent, as the server reads it.
public enum Incoming: Sendable, Equatable {
    /// A request: it has an id and wants one response.
    case request(id: JSON, method: String, params: JSON?)
    /// A notification: no id, no response.
    case notification(method: String, params: JSON?)
    /// A response to a request the server sent (none is awaited; it is read and dropped).
    case response(id: JSON)
    /// JSON that is no message: the id when one could be read, and what is wrong.
    case invalid(id: JSON, reason: String)
    /// Bytes that are not JSON.
    case unparseable
    /// A header that could not be read (`Frame.malformed`).
    case badHeader(String)

    /// The message a frame holds.
    public init(_ frame: Frame) {
        switch frame {
        case .malformed(let problem):
            self = .badHeader(problem)
        case .message(let body):
            guard let json = JSON.parse(body) else {
                self = .unparseable
                return
            }
            self = Incoming(json)
        }
    }

    init(_ json: JSON) {
        guard json.isObject else {
            self = .invalid(id: .null, reason: "a message is a JSON object; found \(json.kindName)")
            return
        }
        let id = json["id"]
        if let id, !Incoming.isValidID(id) {
            self = .invalid(id: .null, reason: "an id is a number or a string; found \(id.kindName)")
            return
        }
        guard json["jsonrpc"]?.string == "2.0" else {
            self = .invalid(id: id ?? .null, reason: "a message has \"jsonrpc\": \"2.0\"")
            return
        }
        let params = json["params"]
        if let params, !params.isObject, params.array == nil, params != .null {
            self = .invalid(id: id ?? .null, reason: "params are an object or an array; found \(params.kindName)")
            return
        }
        switch (json["method"], id) {
        case (.string(let method)?, let id?) where id != .null:
            self = .request(id: id, method: method, params: params)
        case (.string(let method)?, _):
            self = .notification(method: method, params: params)
        case (nil, let id?) where json["result"] != nil || json["error"] != nil:
            self = .response(id: id)
        default:
            self = .invalid(id: id ?? .null, reason: "a request or notification has a string \"method\"")
        }
    }

    static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .int, .string, .null: return true
        case .double(let value): return value.rounded() == value
        default: return false
        }
    }
}

extension JSON {
    /// How a message names the type of this value.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// The messages the server sends.
enum Outgoing {
    static func result(id: JSON, _ result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: JSON, _ code: ErrorCode, _ message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]]
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}

@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ServeAddressTests {
    @Test("an IPv6 host goes in brackets in the page's address")
    func ipv6() {
        #expect(ServeAddress.url(scheme: "https", host: "fe80::1", port: 8080, token: "t") == "https://[fe80::1]:8080/?token=t")
    }

    @Test("a page other than the root: its path before the token (serve --journal)")
    func page() {
        #expect(ServeAddress.url(scheme: "http", host: "127.0.0.1", port: 8760, token: "t", page: "/journal") == "http://127.0.0.1:8760/journal?token=t")
        #expect(ServeAddress.url(scheme: "http", host: "::1", port: 1, token: "t", page: "/journal") == "http://[::1]:1/journal?token=t")
    }

    @Test("127.x and ::1 are this machine only; a network address is not")
    func loopback() {
        #expect(ServeAddress.isLoopback("127.0.0.2") && ServeAddress.isLoopback("::1") && !ServeAddress.isLoopback("192.168.1.4"))
    }

    @Test("without qrencode on the search path there is no code")
    func noQRCode() {
        #expect(ServeAddress.qrCode("x", searchPath: "/nonexistent", colors: false) == nil)
    }
}

vcl 4.1;

# The reference configuration of a shared cache in front of the storefront (docs/cdn-contract.md), for
# Varnish 7 with its built-in VCL after it. tests/e2e/cdn-varnish.spec.ts runs the browser tests through it.
# It does what the contract asks of a CDN, and nothing more:
#   - a page never varies on Cookie: a valid `currency` cookie is copied into X-Currency, and pages are asked
#     for without cookies (they hold nothing per visitor; the browser reads its own consent cookie);
#   - X-Device is stripped, so the origin classifies the device itself and names what it read in Vary
#     (a CDN that classifies each request may set it to mobile, desktop or bot instead);
#   - the country header passes as it came (a real CDN sets it from the visitor's address, and never
#     passes a client's own);
#   - everything else is Varnish's default: lifetimes from s-maxage, grace from stale-while-revalidate,
#     Vary honoured, nothing stored that sets a cookie or is private, POSTs passed to the origin.

import std;

# Tests replace the port with their origin's.
backend default {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 1s;
    .first_byte_timeout = 15s;
}

sub vcl_recv {
    unset req.http.X-Device;
    unset req.http.X-Currency;
    if (req.method == "GET" || req.method == "HEAD") {
        if (req.http.Cookie ~ "(^|;)\s*currency=[A-Za-z]{3}\s*(;|$)") {
            set req.http.X-Currency = std.toupper(regsub(req.http.Cookie, "^(.*;)?\s*currency=([A-Za-z]{3})\s*(;.*)?$", "\2"));
        }
        unset req.http.Cookie;
        # A route's data that is not a page's own (`_data` empty, the root's, an unknown route's) is private at
        # the origin; it is never looked up here either. Only the page routes' data is keyed, as its page.
        if (req.url ~ "[?&]_data(=|&|$)" && req.url !~ "[?&]_data=routes(/|%2F|%2f)(\$|%24|_index)(&|$)") {
            return (pass);
        }
    }
}

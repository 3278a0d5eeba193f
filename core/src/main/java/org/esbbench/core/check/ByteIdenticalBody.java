package org.esbbench.core.check;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code direct}, {@code cbr-*}, {@code jms}: the echo must be the request, byte for byte. One thing may come in
 * front: an XML declaration for UTF-8 that the request did not have. A server that reads the message (content-based
 * routing builds it) may write it out again with a declaration (Apache Synapse does), which changes no byte of the
 * message itself; every byte after it must still be the request's.
 */
final class ByteIdenticalBody implements BodyCheck {
    /** An XML declaration of version 1.0 in UTF-8 (either quote), as serialisers write it, with no space after it. */
    private static final Pattern UTF8_DECLARATION = Pattern.compile(
            "\\A<\\?xml version=(['\"])1\\.0\\1 encoding=(['\"])(?i:utf-8)\\2\\s*\\?>");

    private final byte[] expected;
    private final boolean expectedHasDeclaration;

    ByteIdenticalBody(byte[] request) {
        this.expected = request.clone();
        this.expectedHasDeclaration = declarationLength(expected) > 0;
    }

    @Override
    public String difference(byte[] body) {
        int skip = expectedHasDeclaration ? 0 : declarationLength(body);
        if (skip == 0) {
            return Differences.describe("reply", expected, body);
        }
        byte[] rest = java.util.Arrays.copyOfRange(body, skip, body.length);
        return Differences.describe("reply after its " + skip + "-byte XML declaration", expected, rest);
    }

    /** The length of the UTF-8 XML declaration {@code bytes} start with, 0 when they start otherwise. */
    static int declarationLength(byte[] bytes) {
        if (bytes.length < 6 || bytes[0] != '<' || bytes[1] != '?') {
            return 0;
        }
        int end = Math.min(bytes.length, 80);
        Matcher m = UTF8_DECLARATION.matcher(new String(bytes, 0, end, StandardCharsets.ISO_8859_1));
        return m.find() ? m.end() : 0;
    }
}

package org.esbbench.core.check;

/** {@code direct}, {@code cbr-*}, {@code jms}: the echo must be the request, byte for byte. */
final class ByteIdenticalBody implements BodyCheck {

    private final byte[] expected;

    ByteIdenticalBody(byte[] request) {
        this.expected = request.clone();
    }

    @Override
    public String difference(byte[] body) {
        return Differences.describe("reply", expected, body);
    }
}

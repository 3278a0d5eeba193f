package org.esbbench.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class RememberingAcceptedTest {

    private final AtomicInteger examined = new AtomicInteger();
    private final BodyCheck onlyGood = body -> {
        examined.incrementAndGet();
        return new String(body, StandardCharsets.UTF_8).startsWith("good") ? null : "bad";
    };

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anAcceptedReplyIsNotExaminedAgain() {
        RememberingAccepted check = new RememberingAccepted(onlyGood);

        assertThat(check.difference(bytes("good 1"))).isNull();
        assertThat(check.difference(bytes("good 1"))).isNull();

        assertThat(examined).hasValue(1);
    }

    @Test
    void aWrongReplyIsExaminedEveryTime() {
        RememberingAccepted check = new RememberingAccepted(onlyGood);

        assertThat(check.difference(bytes("bad"))).isEqualTo("bad");
        assertThat(check.difference(bytes("bad"))).isEqualTo("bad");

        assertThat(examined).hasValue(2);
    }

    @Test
    void remembersOnlyAFewDistinctReplies() {
        RememberingAccepted check = new RememberingAccepted(onlyGood);
        for (int i = 0; i < 10; i++) {
            check.difference(bytes("good " + i));
        }
        examined.set(0);

        check.difference(bytes("good 0"));
        check.difference(bytes("good 9"));

        assertThat(examined).hasValue(1);
    }

    @Test
    void theRememberedCopyIsNotTheCallersArray() {
        RememberingAccepted check = new RememberingAccepted(onlyGood);
        byte[] reply = bytes("good");
        check.difference(reply);
        reply[0] = 'b';

        assertThat(check.difference(reply)).isEqualTo("bad");
    }
}

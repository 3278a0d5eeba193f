package org.esbbench.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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

    @Test
    void threadsThatSeeTheSameFirstReplyTogetherParseItOnce() throws Exception {
        BodyCheck slowGood = body -> {
            examined.incrementAndGet();
            sleep(50);
            return null;
        };
        RememberingAccepted check = new RememberingAccepted(slowGood);

        assertThat(together(check, 8, i -> bytes("good"))).containsOnlyNulls().hasSize(8);
        assertThat(examined).hasValue(1);
    }

    @Test
    void afterAWrongFirstReplyWrongRepliesAreExaminedInParallel() throws Exception {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger mostInside = new AtomicInteger();
        BodyCheck slowBad = body -> {
            mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
            sleep(100);
            inside.decrementAndGet();
            return "bad";
        };
        RememberingAccepted check = new RememberingAccepted(slowBad);
        assertThat(check.difference(bytes("first"))).isEqualTo("bad");

        assertThat(together(check, 4, i -> bytes("wrong " + i))).containsOnly("bad");
        assertThat(mostInside.get()).isGreaterThan(1);
    }

    private static List<String> together(RememberingAccepted check, int threads,
            java.util.function.IntFunction<byte[]> reply) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                int n = i;
                results.add(pool.submit(() -> {
                    start.await();
                    return check.difference(reply.apply(n));
                }));
            }
            start.countDown();
            List<String> differences = new ArrayList<>();
            for (Future<String> result : results) {
                differences.add(result.get(10, TimeUnit.SECONDS));
            }
            return differences;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

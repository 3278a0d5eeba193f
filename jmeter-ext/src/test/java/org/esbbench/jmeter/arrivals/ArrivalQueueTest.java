package org.esbbench.jmeter.arrivals;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The queue tells the server's backlog (every request in flight) from the generator's lateness. */
class ArrivalQueueTest {
    private static final ArrivalClock CLOCK = ArrivalClock.now();
    private static final long MS = 1_000_000L;

    private static Arrival dueNow(long index) {
        return new Arrival(index, System.nanoTime(), CLOCK);
    }

    private static Arrival take(ArrivalQueue queue) {
        return queue.take(() -> false, 10, false).orElseThrow();
    }

    @Test
    void anArrivalThatFindsEveryRequestInFlightWaitsOnTheServerUntilOneEnds() throws InterruptedException {
        ArrivalQueue queue = new ArrivalQueue(1);
        queue.made();
        queue.joined();
        Arrival first = take(afterOffer(queue, dueNow(0)));
        assertThat(first.blockedNanos()).as("a thread was free").isZero();

        Arrival second = dueNow(1);
        queue.offer(second); // the one thread serves the first: the cap is reached
        TimeUnit.MILLISECONDS.sleep(30); // the first request's service
        Arrival taken = take(queue);

        assertThat(taken.index()).isEqualTo(1);
        assertThat(taken.blockedNanos()).as("blocked: from its due time until the thread was free")
                .isBetween(30 * MS, taken.takenNanos() - second.intendedNanos());
        assertThat(queue.figures().atCap()).isEqualTo(1);
        assertThat(queue.figures().mostInFlight()).isEqualTo(1);
    }

    @Test
    void underTheCapAWaitForAThreadIsTheGeneratorsNotTheServers() throws InterruptedException {
        ArrivalQueue queue = new ArrivalQueue(10);
        queue.made();
        queue.joined();
        take(afterOffer(queue, dueNow(0)));
        queue.offer(dueNow(1)); // no thread free, but the group could have made one: none was made ahead
        TimeUnit.MILLISECONDS.sleep(20);
        Arrival taken = take(queue);

        assertThat(taken.blockedNanos()).isZero();
        assertThat(taken.takenNanos() - taken.intendedNanos()).as("the wait, all of it lateness")
                .isGreaterThanOrEqualTo(20 * MS);
        assertThat(queue.figures().atCap()).isZero();
    }

    @Test
    void aLateSchedulerIsTheGeneratorsDelayEvenWhenTheArrivalThenFindsTheCap() throws InterruptedException {
        ArrivalQueue queue = new ArrivalQueue(1);
        queue.made();
        queue.joined();
        take(afterOffer(queue, dueNow(0)));
        Arrival second = new Arrival(1, System.nanoTime() - 500 * MS, CLOCK); // offered half a second late
        queue.offer(second);
        TimeUnit.MILLISECONDS.sleep(20);
        Arrival taken = take(queue);

        assertThat(taken.blockedNanos()).as("blocked from the offer, not from the due time")
                .isBetween(20 * MS, 400 * MS);
    }

    @Test
    void anIdleThreadTakesAnArrivalWithNoBlockedTime() {
        ArrivalQueue queue = new ArrivalQueue(1);
        queue.made();
        queue.joined(); // free since now, before the arrival is due
        Arrival taken = take(afterOffer(queue, new Arrival(0, System.nanoTime() + MS, CLOCK)));

        assertThat(taken.blockedNanos()).isZero();
    }

    @Test
    void theArrivalsLeftAtTheEndAreDroppedWithTheirWaitSoFar() throws InterruptedException {
        ArrivalQueue queue = new ArrivalQueue(1);
        queue.made();
        queue.joined();
        take(afterOffer(queue, dueNow(0)));
        queue.offer(dueNow(1));
        queue.offer(dueNow(2));
        TimeUnit.MILLISECONDS.sleep(10);
        long end = System.nanoTime();

        List<Arrival> dropped = queue.drop(end);

        assertThat(dropped).extracting(Arrival::index).containsExactly(1L, 2L);
        assertThat(dropped).allSatisfy(a -> assertThat(a.blockedNanos()).isBetween(10 * MS, end - a.intendedNanos()));
        assertThat(queue.waiting()).isZero();
        assertThat(queue.figures().offered()).isEqualTo(3);
        assertThat(queue.figures().taken()).isEqualTo(1);
    }

    @Test
    void theMakerIsAskedForSpareThreadsBeyondThoseWaitingWithinTheCap() {
        ArrivalQueue queue = new ArrivalQueue(5);
        assertThat(queue.wanted(4)).isEqualTo(4);
        queue.made();
        queue.made();
        assertThat(queue.wanted(4)).isEqualTo(2);
        queue.offer(dueNow(0));
        queue.offer(dueNow(1));
        queue.offer(dueNow(2));
        assertThat(queue.wanted(4)).as("4 spare - 2 free: the 2 free take the waiting as they get the CPU")
                .isEqualTo(2);
        queue.made();
        queue.made();
        queue.made();
        assertThat(queue.wanted(4)).as("the cap of 5 reached").isZero();
    }

    @Test
    void aThreadServingAnArrivalIsNotSpare() {
        ArrivalQueue queue = new ArrivalQueue(100);
        queue.made();
        queue.joined();
        queue.offer(dueNow(0));
        assertThat(queue.take(() -> false, 1_000, false)).isPresent();
        assertThat(queue.wanted(4)).as("4 spare, none free: the one thread is in flight").isEqualTo(4);
        queue.offer(dueNow(1));
        queue.offer(dueNow(2));
        assertThat(queue.wanted(4)).as("still 4: the waiting go to the spare threads made").isEqualTo(4);
    }

    @Test
    void aFreshConnectionsThreadServesOneArrival() {
        ArrivalQueue queue = new ArrivalQueue(5);
        queue.made();
        queue.joined();
        queue.offer(dueNow(0));
        queue.offer(dueNow(1));

        assertThat(queue.take(() -> false, 10, true)).isPresent();
        assertThat(queue.take(() -> false, 10, true)).isEmpty();
        assertThat(queue.inFlight()).isZero();
        queue.left();
        assertThat(queue.alive()).isZero();
    }

    @Test
    void onceTheArrivalsAreOverAnIdleThreadIsDone() {
        ArrivalQueue queue = new ArrivalQueue(5);
        queue.made();
        queue.joined();
        assertThat(queue.take(() -> true, 10, false)).isEqualTo(Optional.empty());
    }

    @Test
    void theEndOfTheArrivalsWakesAnIdleThreadAtOnceAfterThoseWaiting() throws InterruptedException {
        ArrivalQueue queue = new ArrivalQueue(5);
        queue.made();
        queue.joined();
        queue.offer(dueNow(0));
        queue.over();

        assertThat(queue.take(() -> true, 60_000, false)).as("the arrival before the end").isPresent();
        long before = System.nanoTime();
        assertThat(queue.take(() -> false, 60_000, false)).as("then the end, not a minute's wait").isEmpty();
        assertThat(System.nanoTime() - before).isLessThan(1_000 * MS);
        assertThat(queue.wanted(4)).as("the end's marks are no arrivals to make threads for: 4 spare - 1 free")
                .isEqualTo(3);
    }

    @Test
    void theThreadIdleLeastLongTakesTheNextArrival() throws Exception {
        ArrivalQueue queue = new ArrivalQueue(5);
        java.util.concurrent.ConcurrentHashMap<Long, String> takenBy = new java.util.concurrent.ConcurrentHashMap<>();
        Thread first = idleThread(queue, "first", takenBy);
        awaitIdle(queue, 1);
        Thread second = idleThread(queue, "second", takenBy);
        awaitIdle(queue, 2);

        queue.offer(dueNow(0));
        second.join(5_000);
        assertThat(takenBy).as("the last idle is woken: the same few threads and connections serve")
                .containsExactly(java.util.Map.entry(0L, "second"));
        queue.offer(dueNow(1));
        first.join(5_000);
        assertThat(takenBy).containsEntry(1L, "first");
        assertThat(queue.idle()).isZero();
    }

    @Test
    void anArrivalOfferedWhileEveryThreadIsBusyIsTakenByTheFirstBackWithoutWaitingForItsLook() throws Exception {
        ArrivalQueue queue = new ArrivalQueue(5);
        queue.made();
        queue.joined();
        take(afterOffer(queue, dueNow(0)));
        queue.offer(dueNow(1));
        long before = System.nanoTime();
        assertThat(queue.take(() -> false, 60_000, false)).isPresent();
        assertThat(System.nanoTime() - before).isLessThan(1_000 * MS);
    }

    @Test
    void idleThreadsBeyondTheSpareEndAtTheirNextLookAndTheSpareStay() throws Exception {
        ArrivalQueue queue = new ArrivalQueue(10);
        List<Thread> pool = new java.util.ArrayList<>();
        java.util.concurrent.atomic.AtomicInteger ended = new java.util.concurrent.atomic.AtomicInteger();
        for (int i = 0; i < 5; i++) {
            queue.made();
            Thread t = new Thread(() -> {
                queue.joined();
                while (queue.take(() -> false, 20, false).isPresent()) {
                    // served
                }
                ended.incrementAndGet();
                queue.left();
            });
            t.setDaemon(true);
            t.start();
            pool.add(t);
        }
        assertThat(queue.wanted(2)).as("5 free, 2 spare wanted").isZero();
        long end = System.nanoTime() + 5_000 * MS;
        while (ended.get() < 3 && System.nanoTime() < end) {
            TimeUnit.MILLISECONDS.sleep(5);
        }
        TimeUnit.MILLISECONDS.sleep(100); // several more looks: the spare stay
        assertThat(ended.get()).as("the 3 beyond the spare ended").isEqualTo(3);
        assertThat(queue.alive()).isEqualTo(2);
        assertThat(queue.figures().retired()).isEqualTo(3);

        queue.offer(dueNow(0));
        queue.over();
        for (Thread t : pool) {
            t.join(5_000);
        }
        assertThat(queue.figures().taken()).as("a spare thread served the arrival").isEqualTo(1);
    }

    /** A pool thread that takes one arrival (waiting up to a minute) and notes it. */
    private static Thread idleThread(ArrivalQueue queue, String name,
                                     java.util.Map<Long, String> takenBy) {
        queue.made();
        Thread t = new Thread(() -> {
            queue.joined();
            queue.take(() -> false, 60_000, false).ifPresent(a -> takenBy.put(a.index(), name));
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void awaitIdle(ArrivalQueue queue, int n) throws InterruptedException {
        long end = System.nanoTime() + 5_000 * MS;
        while (queue.idle() < n && System.nanoTime() < end) {
            TimeUnit.MILLISECONDS.sleep(1);
        }
        assertThat(queue.idle()).isEqualTo(n);
    }

    private static ArrivalQueue afterOffer(ArrivalQueue queue, Arrival arrival) {
        queue.offer(arrival);
        return queue;
    }
}

package org.esbbench.jmeter.arrivals;

import java.io.Serializable;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.ListenerNotifier;
import org.apache.jorphan.collections.ListedHashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open model with arrivals timed from their schedule: the schedule of JMeter's Open Model Thread Group (same
 * language, same properties, same draws for a seed), each arrival carrying the time it was due ({@link Arrival}), so
 * that its response time is measured from then, the generator's own delays included ({@link ArrivalContext}, the
 * Microsecond Timing element).
 *
 * <p>JMeter's own group loses that time (a local variable of its starter thread) and makes a new thread, and so a new
 * connection, for every arrival, cloning the test tree on its starter thread between the due time and the send. Here
 * the arrivals' connections are a choice ({@link Connections}): a pool of long-lived threads that keep their
 * connections alive (the default), or a thread and connection each, built before the arrival is due.
 *
 * <p>Lifecycle as JMeter's group: {@link #stop()} ends the arrivals and lets the threads finish their request;
 * {@link #tellThreadsToStop()} ends them now; at the schedule's end, threads still running are stopped;
 * {@link #endArrivals()} (the suite's load timer) ends the arrivals and keeps the group until its schedule's end or
 * {@link #tellThreadsToStop()}.
 */
public class ScheduledArrivalsThreadGroup extends AbstractThreadGroup implements ArrivalsGroup, Serializable {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ScheduledArrivalsThreadGroup.class);

    /** The schedule, in JMeter's open model language (the same property as JMeter's group). */
    public static final String SCHEDULE = "OpenModelThreadGroup.schedule";
    /** The seed of the random arrivals; 0: new draws every run (the same property as JMeter's group). */
    public static final String RANDOM_SEED = "OpenModelThreadGroup.random_seed";
    /** {@code pooled} (default) or {@code fresh}: see {@link Connections}. */
    public static final String CONNECTIONS = "ScheduledArrivals.connections";
    /** Most threads of the pool; past it arrivals wait for a thread (and the wait is in their response time). */
    public static final String MAX_THREADS = "ScheduledArrivals.max_threads";
    static final int DEFAULT_MAX_THREADS = 1000;
    /** How often an idle pooled thread looks whether the arrivals have ended. */
    private static final long IDLE_POLL_MILLIS = 100;

    private transient volatile Session session;

    public ScheduledArrivalsThreadGroup() {
        setProperty(new TestElementProperty(MAIN_CONTROLLER, new ArrivalLoopController()));
    }

    public String getSchedule() {
        return getPropertyAsString(SCHEDULE);
    }

    public long getRandomSeed() {
        return getPropertyAsLong(RANDOM_SEED, 0);
    }

    public Connections getConnections() {
        return Connections.parse(getPropertyAsString(CONNECTIONS, "pooled"));
    }

    public int getMaxThreads() {
        return getPropertyAsInt(MAX_THREADS, DEFAULT_MAX_THREADS);
    }

    @Override
    public void start(int groupIndex, ListenerNotifier notifier, ListedHashTree tree, StandardJMeterEngine engine) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        ArrivalSchedule schedule = ArrivalSchedule.parse(getSchedule(), getRandomSeed());
        Session s = new Session(schedule, getConnections(), Math.max(1, getMaxThreads()),
                number -> makeThread(engine, this, notifier, groupIndex, number, cloneTree(tree), variables));
        session = s;
        LOG.info("Starting {} (group {}): schedule {}, {} connections", getName(), groupIndex, getSchedule(),
                s.connections);
        s.start("esb-bench-arrivals-" + getName() + "-" + groupIndex);
    }

    /**
     * The calling thread's next arrival (its controller asks at each iteration's start): fresh connections, the one it
     * was made for, once; pooled, the next due, waiting idle until there is one. Empty once the arrivals have ended.
     */
    Optional<Arrival> awaitArrival() {
        Session s = session;
        if (s == null || s.connections == Connections.FRESH) {
            return ArrivalContext.takeHanded();
        }
        return s.take();
    }

    @Override
    public void threadFinished(JMeterThread thread) {
        Session s = session;
        if (s != null) {
            s.active.remove(thread);
        }
    }

    @Override
    public JMeterThread addNewThread(int delay, StandardJMeterEngine engine) {
        throw new UnsupportedOperationException("an arrivals group makes its threads from its schedule");
    }

    @Override
    public boolean stopThread(String threadName, boolean now) {
        Session s = session;
        if (s == null) {
            return false;
        }
        for (JMeterThread t : s.active.keySet()) {
            if (t.getThreadName().equals(threadName)) {
                t.stop();
                if (now) {
                    t.interrupt();
                }
                return true;
            }
        }
        return false;
    }

    @Override
    public int numberOfActiveThreads() {
        Session s = session;
        return s == null ? 0 : s.active.size();
    }

    @Override
    public boolean verifyThreadsStopped() {
        Session s = session;
        try {
            return s == null || s.threads.awaitTermination(0, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void waitThreadsStopped() {
        Session s = session;
        if (s == null) {
            return;
        }
        try {
            s.threads.awaitTermination(Long.MAX_VALUE, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** JMeter's graceful stop: no further arrival, requests in flight finish, then the group ends. */
    @Override
    public void stop() {
        Session s = session;
        if (s != null) {
            s.stopGracefully();
        }
    }

    @Override
    public void tellThreadsToStop() {
        Session s = session;
        if (s != null) {
            s.endNow();
        }
    }

    /**
     * The suite's load timer at the load's end: no further arrival; the threads end once the arrivals due are served,
     * and the group itself at its schedule's end (the drain) or when told to end now, as JMeter's group does, so that
     * the timer sees every reply in and ends the test then.
     */
    @Override
    public void endArrivals() {
        Session s = session;
        if (s != null) {
            s.endArrivals();
        }
    }

    @Override
    public void endNow() {
        tellThreadsToStop();
    }

    /** Builds the JMeter thread of a given number (a clone of the group's tree). */
    interface ThreadMaker {
        JMeterThread make(int number);
    }

    /** One test's run of the group: its starter, its threads and, pooled, the arrivals waiting for a thread. */
    static final class Session {
        final Connections connections;
        final ExecutorService threads = Executors.newCachedThreadPool();
        final Map<JMeterThread, Future<?>> active = new ConcurrentHashMap<>();
        private final ArrivalSchedule schedule;
        private final int maxThreads;
        private final ThreadMaker maker;
        private final LinkedBlockingQueue<Arrival> due = new LinkedBlockingQueue<>();
        private final AtomicInteger idle = new AtomicInteger();
        private final AtomicInteger made = new AtomicInteger();
        /** No further arrival is dispatched; the threads end once the arrivals due are served. */
        private volatile boolean arrivalsOver;
        /** The group ends without waiting for its schedule's end: now (threads stopped) or once they are done. */
        private volatile boolean over;
        private volatile Thread starter;
        private long dispatched;
        private int mostWaiting;

        Session(ArrivalSchedule schedule, Connections connections, int maxThreads, ThreadMaker maker) {
            this.schedule = schedule;
            this.connections = connections;
            this.maxThreads = maxThreads;
            this.maker = maker;
        }

        void start(String name) {
            Thread t = new Thread(this::runSchedule, name);
            t.setDaemon(true);
            starter = t;
            t.start();
        }

        private void runSchedule() {
            ArrivalClock clock = ArrivalClock.now();
            long start = clock.nanos();
            JMeterThread next = null;
            long index = 0;
            while (!arrivalsOver && schedule.hasNext()) {
                Arrival arrival = new Arrival(index, start + Math.round(schedule.nextDouble() * 1e9), clock);
                if (connections == Connections.FRESH && next == null) {
                    next = maker.make((int) index); // built while the arrival is not yet due
                }
                if (!parkUntil(arrival.intendedNanos())) {
                    break;
                }
                if (connections == Connections.FRESH) {
                    startFresh(next, arrival);
                    next = null;
                } else {
                    dispatch(arrival);
                }
                dispatched++;
                index++;
            }
            arrivalsOver = true;
            LOG.info("esb-bench: arrivals: {} dispatched, {} threads made, at most {} waiting for a thread ({})",
                    dispatched, made.get(), mostWaiting, connections);
            // As JMeter's group: the group lasts its whole schedule (a pause at its end is the drain), unless it is
            // told to end sooner.
            long end = start + Math.round(schedule.totalSeconds() * 1e9);
            for (long left = end - System.nanoTime(); left > 0 && !over; left = end - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
            if (!over) {
                endOfSchedule();
            }
        }

        /** Waits until {@code nanos}; false when the arrivals ended meanwhile. */
        private boolean parkUntil(long nanos) {
            for (long left = nanos - System.nanoTime(); left > 0 && !arrivalsOver; left = nanos - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
            return !arrivalsOver;
        }

        private void startFresh(JMeterThread thread, Arrival arrival) {
            submit(thread, () -> ArrivalContext.hand(arrival));
        }

        private void dispatch(Arrival arrival) {
            // A thread for it unless an idle one is left over by the arrivals already waiting: a thread still
            // counted idle may be about to take one of those.
            if (due.size() >= idle.get() && made.get() < maxThreads) {
                submit(maker.make(made.get()), () -> { });
            }
            due.offer(arrival);
            mostWaiting = Math.max(mostWaiting, due.size());
        }

        private void submit(JMeterThread thread, Runnable before) {
            made.incrementAndGet();
            try {
                active.put(thread, threads.submit(() -> {
                    Thread.currentThread().setName(thread.getThreadName());
                    before.run();
                    try {
                        thread.run();
                    } finally {
                        ArrivalContext.end();
                    }
                }));
            } catch (RejectedExecutionException e) {
                active.remove(thread); // ended meanwhile
            }
        }

        /** Pooled: the next arrival due, waiting idle; empty once the arrivals have ended and none is left. */
        Optional<Arrival> take() {
            idle.incrementAndGet();
            try {
                while (true) {
                    Arrival a = due.poll();
                    if (a != null) {
                        return Optional.of(a);
                    }
                    if (arrivalsOver) {
                        return Optional.empty();
                    }
                    a = due.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
                    if (a != null) {
                        return Optional.of(a);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            } finally {
                idle.decrementAndGet();
            }
        }

        /** No further arrival; arrivals already due are still served, then the threads end; the group lasts on. */
        void endArrivals() {
            arrivalsOver = true;
            unparkStarter();
        }

        /** No further arrival; arrivals already due are still served, then the threads end, and so does the group. */
        void stopGracefully() {
            arrivalsOver = true;
            over = true;
            unparkStarter();
            threads.shutdown();
        }

        /** As JMeter's group at its schedule's end: threads still serving an arrival are stopped and interrupted. */
        private void endOfSchedule() {
            over = true;
            if (!active.isEmpty()) {
                LOG.info("Schedule over with {} thread(s) still running: interrupting them", active.size());
            }
            stopActive(true);
            threads.shutdownNow();
        }

        /** Everything ends now: no further arrival, those waiting dropped, threads stopped and interrupted. */
        void endNow() {
            arrivalsOver = true;
            over = true;
            unparkStarter();
            due.clear();
            stopActive(true);
            threads.shutdownNow();
        }

        private void unparkStarter() {
            Thread t = starter;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }

        private void stopActive(boolean interrupt) {
            active.forEach((thread, future) -> {
                thread.stop();
                if (interrupt) {
                    thread.interrupt();
                    future.cancel(true);
                }
            });
        }
    }
}

package org.esbbench.report.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The search for the highest arrival rate a server holds under an objective, one probe at a time, as Nighthawk's
 * adaptive load controller does it: from a start rate, doubling until a probe fails (halving until one passes when
 * the first fails), then bisecting the bracket [highest pass, lowest fail] until it is within the precision. Unlike
 * it, a decision within the noise ({@link ProbeJudgement#marginal()}) is probed again at the same rate, up to {@link
 * #VOTES} times, the majority deciding; and a probe that is the generator's bounds the search like a failure but is
 * remembered as the generator's: a search whose lowest failing rate is the generator's ends {@link
 * Status#GENERATOR_LIMIT}, the capacity at least the highest pass, never a figure of the server's.
 *
 * <p>The end is then held for a confirmation window ({@link #toConfirm}, {@link #confirm}). A confirmation that fails
 * is a failure at that rate: the capacity falls to the highest pass below it and the search goes on under it, to be
 * confirmed again, up to {@link #CONFIRMATIONS} windows; a short probe that passed by the luck of its window (a 10 s
 * p99 near the knee varies by a fifth between windows) is thus not reported as the capacity.
 *
 * <p>It is a pure state machine fed with verdicts ({@link #record}), so a resumed run replays the probes it has
 * and goes on from the last.
 */
public final class CapacitySearch {

    /** Probes of one rate at most when its decisions are marginal: the majority of three decides. */
    public static final int VOTES = 3;
    /**
     * Confirmation windows at most: after this many failed, the search ends {@link Status#UNCONFIRMED} at the highest
     * pass under the last failed one rather than search on (each window is the run's measurement window long).
     */
    public static final int CONFIRMATIONS = 3;
    /** The lowest rate a search goes down to, arrivals per second. */
    public static final int MIN_RATE = 1;
    /** The highest rate a search offers, arrivals per second (the open model's own limit). */
    public static final int MAX_RATE = 1_000_000;

    /** How a search ended. */
    public enum Status {
        /** The bracket is within the precision. */
        FOUND("found"),
        /** A probe was the generator's: the capacity is at least the highest pass. */
        GENERATOR_LIMIT("generator-limit"),
        /** Even the lowest rate failed. */
        BELOW_MIN("below-min"),
        /** The highest rate the suite offers passed. */
        ABOVE_MAX("above-max"),
        /** The deadline came first: the bracket as it was. */
        DEADLINE("deadline"),
        /**
         * A confirmation window failed and no other could be run (the deadline, or {@link #CONFIRMATIONS} failed):
         * the capacity is the highest pass under it, not confirmed.
         */
        UNCONFIRMED("unconfirmed");

        public final String id;

        Status(String id) {
            this.id = id;
        }

        public static Status of(String id) {
            for (Status s : values()) {
                if (s.id.equals(id.strip())) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown search status '" + id + "'");
        }
    }

    /** The next probe: its rate and why (exponential, bisection, repeat). */
    public record Probe(int rate, String phase) {
    }

    /** The search's end: the highest pass (0 when none), the lowest fail (0 when none), why it ended. */
    public record End(Status status, int highestPass, int lowestFail) {
        /** The bracket's width relative to the highest pass, %; NaN when either end is missing. */
        public double bracketPercent() {
            return highestPass > 0 && lowestFail > 0 ? 100.0 * (lowestFail - highestPass) / highestPass : Double.NaN;
        }
    }

    private final int start;
    private final double precision;
    private final int maxRate;
    private int highestPass;
    private int lowestFail;
    /** Every rate decided a pass: the capacity falls back to the highest of them under a failed confirmation. */
    private final TreeSet<Integer> passedRates = new TreeSet<>();
    private int failedConfirmations;
    private boolean confirmed;
    private Probe current;
    private final List<Boolean> votes = new ArrayList<>();
    private End end;
    private int probes;
    /** Whether the lowest failing rate is the generator's failure (before any pass), not the server's. */
    private boolean generatorAbove;

    /**
     * @param start     the first rate
     * @param precision the bracket's width at which the search ends, relative to its lower end (0.05: 5 %)
     * @param maxRate   the highest rate it probes
     */
    public CapacitySearch(int start, double precision, int maxRate) {
        if (start < MIN_RATE || start > maxRate) {
            throw new IllegalArgumentException("start rate " + start + ": from " + MIN_RATE + " to " + maxRate);
        }
        if (!(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("precision " + precision + ": above 0 and under 1");
        }
        this.start = start;
        this.precision = precision;
        this.maxRate = maxRate;
        this.current = new Probe(start, "start");
    }

    /** The next probe to run, or empty once the search has ended ({@link #end()}). */
    public Optional<Probe> next() {
        return end == null ? Optional.of(current) : Optional.empty();
    }

    /** How it ended; empty while it goes on. */
    public Optional<End> end() {
        return Optional.ofNullable(end);
    }

    /** Probes recorded so far. */
    public int probes() {
        return probes;
    }

    /** The bracket so far: its highest pass and lowest fail (0 when none). */
    public End bracket() {
        return new End(Status.DEADLINE, highestPass, lowestFail);
    }

    /** Ends the search where it stands (its deadline). */
    public void stop() {
        if (end == null) {
            end = new End(Status.DEADLINE, highestPass, lowestFail);
        }
    }

    /** The verdict of the probe {@link #next()} gave. */
    public void record(ProbeJudgement.Verdict verdict, boolean marginal) {
        if (end != null) {
            throw new IllegalStateException("the search has ended: " + end);
        }
        probes++;
        if (verdict == ProbeJudgement.Verdict.GENERATOR) {
            // The generator's failure bounds what can be measured from above, not the server: the search bisects up
            // to it like to a failure, so that "capacity ≥ R, the generator's limit" is said with R as high as this
            // generator goes; a server failure found under it makes the bracket the server's again.
            votes.clear();
            if (lowestFail == 0 || current.rate() <= lowestFail) {
                lowestFail = current.rate();
                generatorAbove = true;
            }
            advance();
            return;
        }
        votes.add(verdict == ProbeJudgement.Verdict.PASS);
        long passes = votes.stream().filter(v -> v).count();
        long fails = votes.size() - passes;
        boolean decided = votes.size() >= VOTES || passes * 2 > VOTES || fails * 2 > VOTES
                || (votes.size() == 1 && !marginal);
        if (!decided) {
            current = new Probe(current.rate(), "repeat");
            return;
        }
        boolean passed = passes > fails;
        votes.clear();
        int rate = current.rate();
        if (passed) {
            highestPass = Math.max(highestPass, rate);
            passedRates.add(rate);
        } else if (lowestFail == 0 || rate < lowestFail) {
            lowestFail = rate;
            generatorAbove = false;
        }
        advance();
    }

    /**
     * The rate the confirmation window is to hold: the ended search's highest pass, until a confirmation held; empty
     * while the search goes on, when nothing passed, once one held, or when it ended {@link Status#UNCONFIRMED}.
     */
    public Optional<Integer> toConfirm() {
        return end != null && !confirmed && end.highestPass() > 0 && end.status() != Status.UNCONFIRMED
                ? Optional.of(end.highestPass()) : Optional.empty();
    }

    /** Confirmation windows that failed so far. */
    public int failedConfirmations() {
        return failedConfirmations;
    }

    /**
     * The verdict of the confirmation window at {@link #toConfirm()}'s rate. A pass keeps the end; a failure (the
     * server's or the generator's) is recorded as a failure at that rate, the capacity falls to the highest pass
     * under it and the search goes on ({@link #next()}), or ends {@link Status#UNCONFIRMED} after a deadline or the
     * last of {@link #CONFIRMATIONS}.
     */
    public void confirm(ProbeJudgement.Verdict verdict) {
        int rate = toConfirm().orElseThrow(() -> new IllegalStateException("nothing to confirm: " + end));
        if (verdict == ProbeJudgement.Verdict.PASS) {
            confirmed = true;
            return;
        }
        failedConfirmations++;
        Status was = end.status();
        passedRates.tailSet(rate, true).clear();
        highestPass = passedRates.isEmpty() ? 0 : passedRates.last();
        lowestFail = rate;
        generatorAbove = verdict == ProbeJudgement.Verdict.GENERATOR;
        votes.clear();
        end = null;
        if (was == Status.DEADLINE || failedConfirmations >= CONFIRMATIONS) {
            end = new End(Status.UNCONFIRMED, highestPass, lowestFail);
            return;
        }
        advance();
    }

    private void advance() {
        if (lowestFail == 0) {
            if (highestPass >= maxRate) {
                end = new End(Status.ABOVE_MAX, highestPass, 0);
                return;
            }
            current = new Probe((int) Math.min(maxRate, 2L * highestPass), "exponential");
            return;
        }
        if (highestPass == 0) {
            if (lowestFail <= MIN_RATE) {
                end = generatorAbove ? new End(Status.GENERATOR_LIMIT, 0, 0) : new End(Status.BELOW_MIN, 0, lowestFail);
                return;
            }
            current = new Probe(Math.max(MIN_RATE, lowestFail / 2), "exponential");
            return;
        }
        int middle = (int) Math.round((highestPass + (double) lowestFail) / 2);
        if (lowestFail - highestPass <= precision * highestPass || middle <= highestPass || middle >= lowestFail) {
            end = generatorAbove
                    ? new End(Status.GENERATOR_LIMIT, highestPass, 0) : new End(Status.FOUND, highestPass, lowestFail);
            return;
        }
        current = new Probe(middle, "bisection");
    }

    public int start() {
        return start;
    }

    public double precision() {
        return precision;
    }
}

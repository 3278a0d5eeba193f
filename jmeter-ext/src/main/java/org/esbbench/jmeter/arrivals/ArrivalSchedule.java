package org.esbbench.jmeter.arrivals;

import java.util.List;
import java.util.PrimitiveIterator;
import java.util.Random;
import org.apache.jmeter.threads.openmodel.EvenArrivalsRamp;
import org.apache.jmeter.threads.openmodel.PoissonArrivalsRamp;
import org.apache.jmeter.threads.openmodel.ThreadSchedule;
import org.apache.jmeter.threads.openmodel.ThreadScheduleStep;
import org.apache.jmeter.threads.openmodel.ThreadScheduleUtils;

/**
 * The arrival times of a schedule in JMeter's Open Model Thread Group's language ({@code rate(20/sec)
 * random_arrivals(60 sec) pause(5 sec)}), in seconds from the schedule's start, in order: the same times JMeter 5.6.3's
 * own group would draw with the same seed (its generator is internal to JMeter, so this follows it over JMeter's
 * public schedule parser and ramps). A rate step before arrivals is their rate at the start, one after them their rate
 * at the end (a linear ramp between); {@code pause} is arrivals at rate 0.
 */
public final class ArrivalSchedule implements PrimitiveIterator.OfDouble {
    private final List<ThreadScheduleStep> steps;
    private final Random random;
    private final PoissonArrivalsRamp poisson = new PoissonArrivalsRamp();
    private final EvenArrivalsRamp even = new EvenArrivalsRamp();
    private final double totalSeconds;
    private PrimitiveIterator.OfDouble ramp = poisson;
    private int pos = -1;
    private double offset;
    private double lastDuration;
    private double beginRate;
    private double endRate;
    private ThreadScheduleStep.ArrivalsStep step;

    private ArrivalSchedule(ThreadSchedule schedule, Random random) {
        this.steps = List.copyOf(schedule.getSteps());
        this.random = random;
        this.totalSeconds = schedule.getTotalDuration();
    }

    /**
     * @param schedule the schedule's text
     * @param seed     0: a schedule drawn anew (JMeter's meaning of 0); otherwise reproducible
     * @throws IllegalArgumentException when JMeter's parser refuses the text (its message says where)
     */
    public static ArrivalSchedule parse(String schedule, long seed) {
        try {
            return new ArrivalSchedule(ThreadScheduleUtils.ThreadSchedule(schedule),
                    seed == 0 ? new Random() : new Random(seed));
        } catch (Exception e) { // the parser's and tokenizer's exceptions are checked in Java
            throw new IllegalArgumentException("open model schedule '" + schedule + "': " + e.getMessage(), e);
        }
    }

    /** The schedule's length, seconds (arrivals and pauses). */
    public double totalSeconds() {
        return totalSeconds;
    }

    /** The rate at the schedule's start, arrivals per second: its first rate step's, 0 when arrivals come first. */
    public double startRate() {
        for (ThreadScheduleStep s : steps) {
            if (s instanceof ThreadScheduleStep.RateStep rate) {
                return rate.getRate();
            }
            if (s instanceof ThreadScheduleStep.ArrivalsStep) {
                break;
            }
        }
        return 0;
    }

    @Override
    public double nextDouble() {
        return offset + ramp.nextDouble();
    }

    @Override
    public boolean hasNext() {
        if (pos != -1 && ramp.hasNext()) {
            return true;
        }
        do {
            offset += lastDuration;
            lastDuration = 0;
            if (!nextArrivalsStep()) {
                return false;
            }
            lastDuration = step.getDuration();
            if (step.getType() == ThreadScheduleStep.ArrivalType.EVEN) {
                even.prepare(beginRate, endRate, lastDuration);
                ramp = even;
            } else {
                poisson.prepare(beginRate, endRate, lastDuration, random);
                ramp = poisson;
            }
        } while (!ramp.hasNext());
        return true;
    }

    private boolean nextArrivalsStep() {
        while (true) {
            if (pos + 1 >= steps.size()) {
                pos = steps.size(); // over: asked again, still over
                return false;
            }
            pos++;
            ThreadScheduleStep s = steps.get(pos);
            if (s instanceof ThreadScheduleStep.RateStep rate) {
                beginRate = rate.getRate();
            } else if (s instanceof ThreadScheduleStep.ArrivalsStep arrivals) {
                step = arrivals;
                break;
            }
        }
        endRate = pos + 1 < steps.size() && steps.get(pos + 1) instanceof ThreadScheduleStep.RateStep next
                ? next.getRate() : beginRate;
        return true;
    }
}

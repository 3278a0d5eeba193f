package org.esbbench.jmeter.arrivals;

import java.io.Serializable;
import java.util.Optional;
import org.apache.jmeter.control.GenericController;
import org.apache.jmeter.control.IteratingController;
import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * The main controller of a {@link ScheduledArrivalsThreadGroup}'s threads: one iteration of its children per arrival.
 * At the start of each iteration it takes the thread's next arrival from its group (pooled connections: waiting, idle,
 * until there is one; fresh: the one the thread was made for, then none) and marks it as the thread's arrival; without
 * one the thread is done.
 */
public class ArrivalLoopController extends GenericController implements IteratingController, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Sampler next() {
        if (isFirst() && !isDone()) {
            Optional<Arrival> arrival = awaitArrival();
            if (arrival.isEmpty()) {
                ArrivalContext.end();
                setDone(true);
                return null;
            }
            ArrivalContext.begin(arrival.get());
        }
        return super.next();
    }

    private static Optional<Arrival> awaitArrival() {
        AbstractThreadGroup group = JMeterContextService.getContext().getThreadGroup();
        if (group instanceof ScheduledArrivalsThreadGroup arrivals) {
            return arrivals.awaitArrival();
        }
        return Optional.empty(); // not in its own group (a plan that moved it): no arrival of its own
    }

    @Override
    public void iterationStart(LoopIterationEvent iterEvent) {
        // the group's arrivals are its iterations
    }

    @Override
    public void startNextLoop() {
        reInitialize(); // "start next thread loop": the next arrival
    }

    @Override
    public void breakLoop() {
        reInitialize();
    }
}

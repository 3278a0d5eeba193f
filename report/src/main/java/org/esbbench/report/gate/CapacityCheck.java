package org.esbbench.report.gate;

import org.esbbench.report.capacity.SearchRow;

/**
 * One capacity criterion judged on one search.
 *
 * @param search    the search; {@code null} when the run has none to judge (no capacity.csv): then it fails, the
 *                  criterion cannot be shown to hold
 * @param criterion the criterion
 */
public record CapacityCheck(SearchRow search, CapacityCriterion criterion) {

    public boolean passed() {
        return search != null && criterion.holds(search);
    }

    /** Its JUnit test case's name: the search's key, or "capacity" when there was no search. */
    public String name() {
        return search == null ? CapacityCriterion.WORD : search.key();
    }

    /** The capacity as found, "n/a" without a search. */
    public String valueText() {
        return search == null ? "n/a" : search.describe();
    }

    /** "direct_s1024_d0: capacity 1,840/s, bracket [1,840, 1,880) (found), bound >= 2,000/s". */
    public String message() {
        if (search == null) {
            return "no capacity search in this run (no capacity/" + SearchRow.FILE + "; -Dcapacity runs one), bound "
                    + criterion.boundText();
        }
        return search.key() + ": capacity " + search.describe() + " (" + search.status() + "), bound "
                + criterion.boundText();
    }
}

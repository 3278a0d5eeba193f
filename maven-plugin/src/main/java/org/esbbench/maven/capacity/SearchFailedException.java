package org.esbbench.maven.capacity;

/** A probe that could not be run or read: the search stops there, every probe before it kept for a resume. */
public final class SearchFailedException extends Exception {
    public SearchFailedException(String message) {
        super(message);
    }
}

package org.esbbench.core.check;

/** The body part of a check, run once the status is right and the body is not empty. */
@FunctionalInterface
interface BodyCheck {

    /** @return null when the body is right, else what differed */
    String difference(byte[] body);
}

/**
 * Profiles of the server under test ({@code -Dprofile=cpu}): which profiler a run uses and how it reaches the server
 * ({@link org.esbbench.maven.profiles.ProfilerPlan}, decided at start by {@link
 * org.esbbench.maven.profiles.ProfilerChoice}: async-profiler's library as an agent at the start of a JVM the suite
 * starts, the same library attached to a JVM started by hand, JDK Flight Recorder where the library cannot load, or
 * no profile and why), the JVM found at each window ({@link org.esbbench.maven.profiles.ServerJvm}), the profiler
 * started before each measurement window and stopped after it ({@link org.esbbench.maven.profiles.ProfileWindow},
 * through {@link org.esbbench.maven.profiles.ProfilerControl}), and what is removed after the run ({@link
 * org.esbbench.maven.profiles.ProfilerLeftovers}). The report cuts each recording to its window (report's
 * {@code profiles}).
 */
package org.esbbench.maven.profiles;

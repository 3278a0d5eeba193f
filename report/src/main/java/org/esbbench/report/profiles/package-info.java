/**
 * Where the server spends its time ({@code -Dprofile=cpu}): what is asked ({@link
 * org.esbbench.report.profiles.ProfileSettings}, its {@link org.esbbench.report.profiles.ProfileEvent}), how each
 * scenario run's profile was taken ({@link org.esbbench.report.profiles.ProfileRecord}, written by the run goal), its
 * recording cut to the measurement window as a flame graph and collapsed stacks ({@link
 * org.esbbench.report.profiles.FlameGraphs}), the share of each package and frame ({@link
 * org.esbbench.report.profiles.ProfileBreakdown}) in the summary's table ({@link
 * org.esbbench.report.profiles.ProfileSection}), and the difference between two runs' profiles of a point ({@link
 * org.esbbench.report.profiles.ProfileDifference}), for a comparison of runs or the baseline gate ({@link
 * org.esbbench.report.profiles.ProfileComparison}).
 */
package org.esbbench.report.profiles;

package org.esbbench.report.round;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.esbbench.report.points.Point;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The published ratios of a scenario's throughput to the same server's Direct, shipped with the report
 * ({@code published-ratios.csv} and the publications they come from, {@code published-sources.csv}, beside this
 * class): the round sets them beside its own ratios, as the only part of other machines' figures that carries
 * over to this one.
 *
 * @param ratios  every published ratio, in file order
 * @param sources the publications by their key
 */
public record PublishedRatios(List<Ratio> ratios, Map<String, Source> sources) {
    public static final String RATIOS_FILE = "published-ratios.csv";
    public static final String SOURCES_FILE = "published-sources.csv";

    /**
     * One published ratio.
     *
     * @param source    the publication's key ({@link Source})
     * @param server    the server as the publication names it
     * @param size      message size in bytes, or a range the publication averaged over
     * @param users     concurrent users, or a range the publication averaged over
     * @param scenario  the catalogue's scenario id
     * @param tps       the published throughput, null where only the ratio is published
     * @param ratio     the scenario's throughput over Direct's
     * @param incorrect whether the publication found the replies incorrect
     */
    public record Ratio(String source, String server, String size, String users, String scenario, Double tps, double ratio,
                        boolean incorrect) {

        /** The users as a number, empty when the publication averaged over several. */
        OptionalInt usersCount() {
            return users.matches("[0-9]+") ? OptionalInt.of(Integer.parseInt(users)) : OptionalInt.empty();
        }
    }

    /** A publication: its name as cited and how it measured. */
    public record Source(String key, String publication, String method) {
    }

    /**
     * One published server's column of the ratio table.
     *
     * @param label      the column's heading, e.g. "WSO2 ESB 4.7.0" or "WSO2 MI, 1 KiB, 20 users"
     * @param source     its publication
     * @param note       which of the publication's users it is, when it had several; empty otherwise
     * @param byScenario its ratio per scenario
     */
    public record Column(String label, Source source, String note, Map<String, Ratio> byScenario) {
    }

    public PublishedRatios {
        ratios = List.copyOf(ratios);
        sources = Map.copyOf(sources);
    }

    /** The files shipped with the report. */
    public static PublishedRatios load() {
        try {
            List<Source> sources = read(SOURCES_FILE, r -> new Source(r.get("source"), r.get("publication"),
                    r.get("method")));
            Map<String, Source> byKey = new LinkedHashMap<>();
            sources.forEach(s -> byKey.put(s.key(), s));
            List<Ratio> ratios = read(RATIOS_FILE, r -> new Ratio(r.get("source"), r.get("server"), r.get("size"),
                    r.get("users"), r.get("scenario"), r.get("tps").isBlank() ? null : Double.valueOf(r.get("tps")),
                    Double.parseDouble(r.get("ratio")), Boolean.parseBoolean(r.get("incorrect"))));
            for (Ratio r : ratios) {
                if (!byKey.containsKey(r.source())) {
                    throw new IllegalStateException(RATIOS_FILE + ": source " + r.source() + " is not in " + SOURCES_FILE);
                }
            }
            return new PublishedRatios(ratios, byKey);
        } catch (IOException e) {
            throw new UncheckedIOException("the report's published ratios cannot be read", e);
        }
    }

    private static <T> List<T> read(String resource, Function<CSVRecord, T> row) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).setCommentMarker('#')
                .setIgnoreEmptyLines(true).build();
        InputStream in = PublishedRatios.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IOException(resource + " is missing from the report's jar");
        }
        List<T> rows = new ArrayList<>();
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8); CSVParser parser = format.parse(reader)) {
            parser.forEach(r -> rows.add(row.apply(r)));
        }
        return rows;
    }

    /**
     * The published servers' columns for a setting of {@code users} users, in file order. A server published at
     * several counts of users (WSO2 MI) gives the count equal to {@code users}, else the nearest (the lower of two
     * as near), and its note says which; a server published as an average over its concurrencies gives that.
     * An open-model setting has no users: 0.
     */
    public List<Column> columns(int users) {
        Map<String, List<Ratio>> byServer = new LinkedHashMap<>();
        ratios.forEach(r -> byServer.computeIfAbsent(r.source() + "\u0000" + r.server(), k -> new ArrayList<>()).add(r));
        List<Column> columns = new ArrayList<>();
        for (List<Ratio> server : byServer.values()) {
            Ratio first = server.get(0);
            Source source = sources.get(first.source());
            OptionalInt chosen = server.stream().map(Ratio::usersCount).filter(OptionalInt::isPresent)
                    .map(OptionalInt::getAsInt).distinct()
                    .min(Comparator.comparingInt((Integer u) -> Math.abs(u - users)).thenComparingInt(u -> u))
                    .map(OptionalInt::of).orElse(OptionalInt.empty());
            Map<String, Ratio> byScenario = new LinkedHashMap<>();
            server.stream().filter(r -> chosen.isEmpty() || r.usersCount().equals(chosen))
                    .forEach(r -> byScenario.put(r.scenario(), r));
            if (chosen.isEmpty()) {
                columns.add(new Column(first.server(), source, "", byScenario));
            } else {
                int u = chosen.getAsInt();
                String size = first.size().matches("[0-9]+")
                        ? Point.sizeLabel(Integer.parseInt(first.size())) : first.size();
                String note = users == 0 ? "published at " + u + " users (the round's open model has no users)"
                        : u == users ? "published at the round's " + users + " users"
                        : "published at " + u + " users, the nearest to the round's " + users;
                columns.add(new Column(first.server() + ", " + size + ", " + u + " users", source, note, byScenario));
            }
        }
        return columns;
    }
}

package org.esbbench.maven.parameters;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A published matrix, {@code config/matrices/<name>.properties}: the scenarios, load levels, sizes, delays, heap,
 * repeats and windows of a published study ({@code -Dmatrix=wso2-mi}), with where its figures come from. Its keys
 * are the run parameters' own {@code -D} names, so a matrix is exactly a set of {@code -D} values that a {@code -D} of
 * the command line overrides one by one ({@link ParameterSources#merge}).
 *
 * @param values the run parameters the matrix sets, by their {@code -D} name, in the file's key order
 */
public record Matrix(String name, Path file, String description, String source, String sourceNotes,
                     Map<String, String> values) {

    /** The run parameters a matrix may set: the dimensions and windows of a study, not the plumbing of one run. */
    public static final List<String> PARAMETERS = List.of("scenarios", "model", "users", "rate", "size", "delay",
            "repeats", "warmup", "measurement", "heap", "rampup", "reuse", "exclude", "serverCpus", "usersPerServerCore");
    /** The keys that describe the matrix itself. */
    public static final List<String> DESCRIPTIVE = List.of("description", "source", "source.notes");

    public static Matrix load(Path matricesDir, String name) throws InvalidRunException {
        Path file = matricesDir.resolve(name + ".properties");
        if (name.isBlank() || name.contains("/") || name.contains("\\") || !Files.isRegularFile(file)) {
            throw new InvalidRunException("unknown matrix '" + name + "'; valid: " + available(matricesDir) + " ("
                    + matricesDir + "): -Dmatrix=NAME, or none for a run of your own -D values");
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        } catch (IOException e) {
            throw new InvalidRunException("cannot read matrix " + file + ": " + e.getMessage());
        }
        List<String> unknown = new ArrayList<>(new TreeSet<>(p.stringPropertyNames()));
        unknown.removeAll(PARAMETERS);
        unknown.removeAll(DESCRIPTIVE);
        if (!unknown.isEmpty()) {
            throw new InvalidRunException(file + ": unknown key" + (unknown.size() > 1 ? "s '" : " '")
                    + String.join("', '", unknown) + "'; valid: " + String.join(", ", PARAMETERS) + ", "
                    + String.join(", ", DESCRIPTIVE));
        }
        String source = p.getProperty("source", "").trim();
        if (source.isEmpty()) {
            throw new InvalidRunException(file + ": no source= (a published matrix names where its figures come from)");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : PARAMETERS) {
            if (p.containsKey(key)) {
                values.put(key, p.getProperty(key).trim());
            }
        }
        return new Matrix(name, file, p.getProperty("description", name).trim(), source,
                p.getProperty("source.notes", "").trim(), java.util.Collections.unmodifiableMap(values));
    }

    /** The names of the matrices in the folder, sorted, comma separated. */
    public static String available(Path matricesDir) {
        return names(matricesDir).stream().collect(Collectors.joining(", "));
    }

    static Set<String> names(Path matricesDir) {
        try (Stream<Path> files = Files.list(matricesDir)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".properties"))
                    .map(f -> f.substring(0, f.length() - ".properties".length()))
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            return Set.of();
        }
    }

    /** What run.json records of the matrix: which one, from where, and which of its values the build overrode. */
    public Map<String, Object> record(Set<String> overridden) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("name", name);
        r.put("file", file.toString());
        r.put("description", description);
        r.put("source", source);
        r.put("sourceNotes", sourceNotes);
        r.put("explicit", overridden.stream().filter(values::containsKey).sorted().toList());
        return r;
    }
}

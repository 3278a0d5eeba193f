package org.esbbench.maven.goals;

import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.PluginParameterExpressionEvaluator;
import org.codehaus.plexus.component.configurator.expression.ExpressionEvaluationException;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.esbbench.maven.parameters.ParameterCatalogue;

/**
 * A build's values of the catalogue's parameters, found as Maven finds a mojo parameter's: a literal (or
 * expression) in this execution's POM configuration, else the property of the same name (-D, then the POM's and
 * its active profiles' properties), else the catalogue's default. The goals declare no field per parameter: the
 * catalogue is the one declaration.
 *
 * <p>The configuration is read from the project's model (the execution's {@code <configuration>} over the
 * plugin's), not from the {@link MojoExecution}: Maven keeps in the latter only what names a field of the goal.
 */
final class ParameterValues {
    private final ParameterCatalogue catalogue;
    private final MavenSession session;
    private final MojoExecution execution;

    /** Values a goal gets without Maven (a goal driven by a test): these, and the defaults. */
    private final java.util.Map<String, String> fixed;
    private PluginParameterExpressionEvaluator evaluator;

    ParameterValues(ParameterCatalogue catalogue, MavenSession session, MojoExecution execution) {
        this(catalogue, session, execution, java.util.Map.of());
    }

    private ParameterValues(ParameterCatalogue catalogue, MavenSession session, MojoExecution execution,
                            java.util.Map<String, String> fixed) {
        this.catalogue = catalogue;
        this.session = session;
        this.execution = execution;
        this.fixed = fixed;
    }

    /** The values {@code given}, the catalogue's defaults for the rest: a goal run outside Maven. */
    static ParameterValues of(ParameterCatalogue catalogue, java.util.Map<String, String> given) {
        return new ParameterValues(catalogue, null, null, java.util.Map.copyOf(given));
    }

    /** The value the build gives, or the catalogue's default. */
    String get(String name) {
        String v = given(name);
        return v == null ? catalogue.get(name).defaultValue() : v;
    }

    /**
     * These values over the build's: a round's target run gets its own target and scenarios, and no round of its
     * own (an empty value: none given, the default applies).
     */
    ParameterValues over(java.util.Map<String, String> overrides) {
        ParameterValues values = new ParameterValues(catalogue, session, execution, fixed);
        values.overrides = java.util.Map.copyOf(overrides);
        return values;
    }

    private java.util.Map<String, String> overrides = java.util.Map.of();

    /** The value the build gives (POM configuration or property), or null when it gives none. */
    String given(String name) {
        catalogue.get(name); // a name outside the catalogue is a programming error: fail at once
        if (overrides.containsKey(name)) {
            String v = overrides.get(name);
            return v.isEmpty() ? null : v;
        }
        if (session == null) {
            return fixed.get(name);
        }
        String configured = configured(name);
        try {
            Object value = evaluator().evaluate(configured != null ? configured : "${" + name + "}");
            return value == null || value.toString().equals("${" + name + "}") ? null : value.toString();
        } catch (ExpressionEvaluationException e) {
            throw new IllegalStateException("cannot evaluate parameter " + name + ": " + e.getMessage(), e);
        }
    }

    /** One evaluator for every parameter of the goal (it copies the session's properties when made). */
    private PluginParameterExpressionEvaluator evaluator() {
        if (evaluator == null) {
            evaluator = new PluginParameterExpressionEvaluator(session, execution == null ? new MojoExecution(null) : execution);
        }
        return evaluator;
    }

    /** The value of {@code name} in this execution's POM configuration (or the plugin's), as written; null if none. */
    String configured(String name) {
        if (session == null || execution == null || session.getCurrentProject() == null) {
            return null;
        }
        Plugin plugin = session.getCurrentProject().getPlugin(execution.getPlugin().getKey());
        if (plugin == null) {
            return null;
        }
        PluginExecution own = plugin.getExecutionsAsMap().get(execution.getExecutionId());
        for (Object configuration : new Object[] {own == null ? null : own.getConfiguration(), plugin.getConfiguration()}) {
            Xpp3Dom child = configuration instanceof Xpp3Dom dom ? dom.getChild(name) : null;
            if (child != null && child.getValue() != null) {
                return child.getValue();
            }
        }
        return null;
    }
}

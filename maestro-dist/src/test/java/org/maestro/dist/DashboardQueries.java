package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The queries of a Grafana dashboard file (docs/grafana/maestro-live.json) as Prometheus gets them: every panel's
 * targets, nested rows included, with the dashboard's variables replaced by given values, and its query variables
 * ({@code label_values(METRIC, LABEL)}). A variable the caller gives no value for fails, naming it.
 */
final class DashboardQueries {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{?(\\w+)(?::\\w+)?}?");
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*(.+?)\\s*,\\s*(\\w+)\\s*\\)");

    /** One panel query: the panel's title and its PromQL with the variables replaced. */
    record PanelQuery(String panel, String expression) {}

    /** One query variable: its name, the selector of the series and the label whose values it offers. */
    record LabelValues(String variable, String match, String label) {}

    private final List<PanelQuery> panels = new ArrayList<>();
    private final List<LabelValues> variables = new ArrayList<>();

    private DashboardQueries() {}

    /** Reads the dashboard; {@code values} gives each variable its value (e.g. {@code test} → the test's name). */
    static DashboardQueries read(Path dashboard, Map<String, String> values) throws IOException {
        JsonNode root = new ObjectMapper().readTree(dashboard.toFile());
        DashboardQueries queries = new DashboardQueries();
        queries.addPanels(root.path("panels"), values, dashboard);
        for (JsonNode variable : root.path("templating").path("list")) {
            if (!"query".equals(variable.path("type").asText())) {
                continue;
            }
            JsonNode query = variable.path("query");
            String text = query.isObject() ? query.path("query").asText() : query.asText();
            Matcher matcher = LABEL_VALUES.matcher(text);
            if (!matcher.matches()) {
                throw new IllegalArgumentException(
                        dashboard + ": variable " + variable.path("name").asText() + " queries '" + text
                                + "', not label_values(METRIC, LABEL): teach DashboardQueries it");
            }
            queries.variables.add(new LabelValues(variable.path("name").asText(), matcher.group(1), matcher.group(2)));
        }
        return queries;
    }

    private void addPanels(JsonNode list, Map<String, String> values, Path dashboard) {
        for (JsonNode panel : list) {
            for (JsonNode target : panel.path("targets")) {
                String expression = target.path("expr").asText("");
                if (!expression.isBlank()) {
                    panels.add(new PanelQuery(panel.path("title").asText(), substitute(expression, values, dashboard)));
                }
            }
            addPanels(panel.path("panels"), values, dashboard);
        }
    }

    private static String substitute(String expression, Map<String, String> values, Path dashboard) {
        Matcher matcher = VARIABLE.matcher(expression);
        StringBuilder replaced = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new IllegalArgumentException(dashboard + ": '" + expression + "' uses the variable $"
                        + matcher.group(1) + ", which the test gives no value: add it");
            }
            matcher.appendReplacement(replaced, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(replaced);
        return replaced.toString();
    }

    /** Every panel query, in the dashboard's order. */
    List<PanelQuery> panels() {
        return List.copyOf(panels);
    }

    /** Every query variable of the dashboard. */
    List<LabelValues> variables() {
        return List.copyOf(variables);
    }
}

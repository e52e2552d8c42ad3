package org.maestro.cli.testing;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;

/** The test parameters a run recorded: in a peer's {@code test.properties}, and in the report's parameter table. */
public final class RecordedParameters {
    private RecordedParameters() {}

    /** The upper-case keys (the test parameters) of a peer directory's {@code test.properties}. */
    public static Map<String, String> ofPeer(Path peerDirectory) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(peerDirectory.resolve("test.properties"), StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        Map<String, String> parameters = new TreeMap<>();
        properties.stringPropertyNames().stream()
                .filter(RecordedParameters::isParameter)
                .forEach(key -> parameters.put(key, properties.getProperty(key)));
        return parameters;
    }

    /** The upper-case rows of the "Test parameters" table of an iteration page ({@code iteration-<n>.html}). */
    public static Map<String, String> ofReport(Path iterationPage) throws IOException {
        Map<String, String> rows = new TreeMap<>();
        for (Element row : Jsoup.parse(Files.readString(iterationPage)).select("table#parameters tr")) {
            String key = row.select("td.key").text();
            if (isParameter(key)) {
                rows.put(key, row.select("td").get(1).text());
            }
        }
        if (rows.isEmpty()) {
            throw new AssertionError("no test parameters table in " + iterationPage);
        }
        return rows;
    }

    private static boolean isParameter(String key) {
        return key.matches("[A-Z][A-Z0-9_]*");
    }
}

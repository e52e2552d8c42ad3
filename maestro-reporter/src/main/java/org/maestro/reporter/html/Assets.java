package org.maestro.reporter.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The files a report page needs besides itself: the page style and script (inlined into each
 * page) and the ECharts library from its WebJar, copied once to the top of the results tree and
 * referenced relatively by the pages that draw charts, so a report works offline.
 */
public final class Assets {

    /** File name of the charting library next to the pages. */
    public static final String ECHARTS_FILE = "echarts.min.js";
    /**
     * Where the pages of a test directory find the charting library: one copy at the top of the results tree
     * serves every test.
     */
    public static final String ECHARTS_FROM_TEST_DIRECTORY = "../" + ECHARTS_FILE;

    private static final String BASE = "/org/maestro/reporter/html/";
    private static final String CSS = text("report.css");
    private static final String SCRIPT = text("report.js");

    private Assets() {}

    /** The page style sheet. */
    public static String css() {
        return CSS;
    }

    /** The page script that draws the charts. */
    public static String script() {
        return SCRIPT;
    }

    /** Copies the charting library into {@code dir} unless an identical copy is there. */
    public static Path copyCharts(Path dir) throws IOException {
        Path target = dir.resolve(ECHARTS_FILE);
        String resource = "/" + properties().getProperty("echarts.resource");
        try (InputStream in = Assets.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("the charting library " + resource + " is not on the class path; "
                        + "the org.webjars:echarts dependency of maestro-reporter is missing");
            }
            byte[] bytes = in.readAllBytes();
            if (Files.isRegularFile(target) && Files.size(target) == bytes.length) {
                return target;
            }
            Page.replace(target, bytes);
        }
        return target;
    }

    /** The ECharts version shipped with the reporter. */
    public static String echartsVersion() {
        return properties().getProperty("echarts.version");
    }

    private static Properties properties() {
        Properties properties = new Properties();
        try (InputStream in = Assets.class.getResourceAsStream(BASE + "assets.properties")) {
            if (in == null) {
                throw new IllegalStateException(BASE + "assets.properties is missing from maestro-reporter");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    private static String text(String name) {
        try (InputStream in = Assets.class.getResourceAsStream(BASE + name)) {
            if (in == null) {
                throw new IllegalStateException(BASE + name + " is missing from maestro-reporter");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

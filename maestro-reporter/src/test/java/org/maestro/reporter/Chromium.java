package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maestro.testing.RequiredServer;

/** Runs the real headless Chromium with networking cut off, to load a report page. */
public final class Chromium {

    public static final Path BINARY = Path.of("/usr/bin/chromium");
    static final long DEADLINE_SECONDS = 90;

    private Chromium() {}

    /** Returns when Chromium is installed; skips the calling test without it, or fails it under CI. */
    public static void require() {
        RequiredServer.require(Files.isExecutable(BINARY), BINARY + " is not installed", "apt-get install chromium");
    }

    /** The DOM after the page's scripts ran (virtual time budget 5 s). */
    public static String dumpDom(Path page, Path work) throws IOException, InterruptedException {
        return run(page, work, List.of("--dump-dom"));
    }

    /** Writes a screenshot of the page. */
    public static void screenshot(Path page, Path work, Path png, int width, int height)
            throws IOException, InterruptedException {
        run(
                page,
                work,
                List.of(
                        "--screenshot=" + png.toAbsolutePath(),
                        "--window-size=" + width + "," + height,
                        "--hide-scrollbars"));
        assertPicture(png);
    }

    /** Fails unless {@code png} is a PNG image that shows something: many colours, not a blank page. */
    public static void assertPicture(Path png) throws IOException {
        assertTrue(Files.isRegularFile(png) && Files.size(png) > 10_000, "screenshot " + png + " is empty");
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertTrue(image != null, png + " is not an image");
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 50, png + " shows " + colours.size() + " colours: a blank or unstyled page");
    }

    /** The chart descriptions a report page carries (its {@code #maestro-charts} JSON), in page order. */
    public static java.util.List<com.fasterxml.jackson.databind.JsonNode> chartSpecs(org.jsoup.nodes.Document dom)
            throws IOException {
        org.jsoup.nodes.Element data = dom.getElementById("maestro-charts");
        java.util.List<com.fasterxml.jackson.databind.JsonNode> specs = new ArrayList<>();
        if (data != null) {
            new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(data.data())
                    .forEach(specs::add);
        }
        return specs;
    }

    private static String run(Path page, Path work, List<String> action) throws IOException, InterruptedException {
        Path profile = Files.createDirectories(work.resolve("chromium-profile"));
        Path stdout = work.resolve("chromium.out");
        Path stderr = work.resolve("chromium.err");
        List<String> command = new ArrayList<>(List.of(
                BINARY.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile.toAbsolutePath(),
                // no network: every host name fails to resolve and any proxied request goes to a closed port
                "--host-resolver-rules=MAP * ~NOTFOUND",
                "--proxy-server=127.0.0.1:9",
                "--allow-file-access-from-files",
                "--virtual-time-budget=5000"));
        command.addAll(action);
        command.add(page.toAbsolutePath().toUri().toString());
        Process process = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            fail("chromium did not finish within " + DEADLINE_SECONDS + " s loading " + page + "; stderr: "
                    + Files.readString(stderr, StandardCharsets.UTF_8));
        }
        if (process.exitValue() != 0) {
            fail("chromium exited with " + process.exitValue() + ": "
                    + Files.readString(stderr, StandardCharsets.UTF_8));
        }
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }
}

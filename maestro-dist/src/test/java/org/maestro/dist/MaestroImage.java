package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The Maestro image of the distribution this build packaged, built once per test JVM with docker/build-images.sh (from
 * maestro-dist/target/maestro, no Maven inside), so that the container tests run the code under test.
 */
final class MaestroImage {
    private static final Duration BUILD_DEADLINE = Duration.ofMinutes(10);
    private static String built;

    private MaestroImage() {}

    /** The image's name, {@code maestro:VERSION}, built on first use; fails with the build's last lines. */
    static synchronized String build(ContainerEngine engine) throws IOException, InterruptedException {
        if (built == null) {
            Path docker = RepositoryFiles.path("docker");
            CommandRun.Result build = CommandRun.of(
                            List.of(docker.resolve("build-images.sh").toString(), "maestro"),
                            docker,
                            Map.of("ENGINE", engine.name(), "MAESTRO_VERSION", Distribution.version()))
                    .run(BUILD_DEADLINE);
            assertEquals(0, build.exitCode(), "the Maestro image did not build from the distribution: " + build);
            built = "maestro:" + Distribution.version();
        }
        return built;
    }
}

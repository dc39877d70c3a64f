// Runs EPUBCheck on every EPUB named on the command line in one JVM: a JVM start and its warm-up
// cost seconds of CPU, checking one more book in a warm JVM costs a fraction of that.
// `java -cp epubcheck.jar EpubcheckMany.java a.epub b.epub` (a single-file source program, Java 11+).
// Each book's report sits between "@@@ begin <file>" and "@@@ end <exit code>" on standard output.
import com.adobe.epubcheck.tool.EpubChecker;

public class EpubcheckMany {
  public static void main(String[] args) {
    // One stream, so each book's messages stay between its markers.
    System.setErr(System.out);
    for (String file : args) {
      System.out.println("@@@ begin " + file);
      int code;
      try {
        code = new EpubChecker().run(new String[] {file});
      } catch (Throwable error) {
        error.printStackTrace(System.out);
        code = 99;
      }
      System.out.println("@@@ end " + code);
    }
    System.out.flush();
  }
}

// tparse-view: the desktop viewer. Owns the GLFW window, the OpenGL3 + ImGui backends and the
// frame loop; everything else is in App (app.hpp). Usage:
//   tparse-view [PATH]                 open a TORCH_TRACE dir, log file or .gz
//   tparse-view --follow DIR           live tail of a trace being written
//   tparse-view PATH --screenshot out --select "[1/0]"   scripted headless run (see screenshot.hpp)
#include <CLI/CLI.hpp>
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <imgui.h>
#include <thread>

#include "app.hpp"
#include "fonts_theme.hpp"
#include "screenshot.hpp"

using namespace tparse::viewer;

namespace {

void on_drop(GLFWwindow* w, int count, const char** paths) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(w));
  if (app && count > 0) app->open(paths[0]);  // one trace at a time: the first dropped path
}

void on_glfw_error(int code, const char* msg) { std::fprintf(stderr, "glfw error %d: %s\n", code, msg); }

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"tparse-view: explore torch.compile TORCH_TRACE logs"};
  std::string path, follow_dir, config = config_dir();
  ScriptOptions script;
  int width = 1600, height = 1000;
  cli.add_option("path", path, "TORCH_TRACE directory, log file or .gz");
  cli.add_option("--follow", follow_dir, "follow a trace that is still being written (live tail)");
  cli.add_option("--screenshot", script.prefix, "scripted run: write PREFIX-<panel>.png for every panel, then exit");
  cli.add_option("--select", script.select, "compile to select first, e.g. \"[1/0]\" or \"rank2 [0/1]\"");
  cli.add_option("--search", script.search, "scripted run: text for the search panel");
  cli.add_option("--node", script.node, "scripted run: graph node to select");
  cli.add_flag("--graph-only", script.graph_only, "scripted run: open the Graph tab, then select the compile; one screenshot");
  cli.add_flag("--exit-after-load", script.exit_after_load, "scripted run: print load timing and frames drawn while loading, then exit");
  cli.add_option("--config-dir", config, "where settings live (default $XDG_CONFIG_HOME/tparse)");
  cli.add_option("--width", width, "window width");
  cli.add_option("--height", height, "window height");
  CLI11_PARSE(cli, argc, argv);
  bool scripted = !script.prefix.empty() || script.exit_after_load;
  if (scripted && path.empty() && follow_dir.empty()) {
    std::fprintf(stderr, "tparse-view: --screenshot/--exit-after-load need a PATH\n");
    return 2;
  }

  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    std::fprintf(stderr, "tparse-view: cannot initialise GLFW (no display? try xvfb-run)\n");
    return 2;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  GLFWwindow* window = glfwCreateWindow(width, height, "tparse-view", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "tparse-view: cannot create an OpenGL 3.3 window\n");
    glfwTerminate();
    return 2;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(scripted ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  std::error_code ec;
  std::string ini = config.empty() ? std::string() : config + "/imgui.ini";
  if (!config.empty()) std::filesystem::create_directories(config, ec);
  ImGui::GetIO().IniFilename = ini.empty() || scripted ? nullptr : ini.c_str();  // scripted runs leave settings alone

  int exit_code = 0;
  {
    App app(scripted ? std::string() : config);
    apply_theme(app.settings().theme);
    load_fonts(app.settings().font_size);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    glfwSetWindowUserPointer(window, &app);
    glfwSetDropCallback(window, on_drop);

    if (!follow_dir.empty()) app.follow(follow_dir);
    else if (!path.empty()) app.open(path);
    ScreenshotScript run(script);
    // ~60 frames per second at most; idle windows wait for events instead of spinning.
    auto frame_budget = std::chrono::microseconds(16667);
    while (!glfwWindowShouldClose(window) && !app.quit_requested() && !(scripted && run.done())) {
      auto t0 = std::chrono::steady_clock::now();
      if (scripted || app.loading()) glfwPollEvents();
      else glfwWaitEventsTimeout(0.1);
      app.begin_frame();
      if (app.fonts_dirty()) {
        apply_theme(app.settings().theme);
        load_fonts(app.settings().font_size);
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
        app.fonts_rebuilt();
        app.save();
      }
      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplGlfw_NewFrame();
      ImGui::NewFrame();
      app.draw();
      ImGui::Render();
      int fw = 0, fh = 0;
      glfwGetFramebufferSize(window, &fw, &fh);
      glViewport(0, 0, fw, fh);
      ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
      glClearColor(bg.x, bg.y, bg.z, 1.f);
      glClear(GL_COLOR_BUFFER_BIT);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      if (scripted) run.after_render(app, fw, fh);
      glfwSwapBuffers(window);
      auto spent = std::chrono::steady_clock::now() - t0;
      if (spent < frame_budget) std::this_thread::sleep_for(frame_budget - spent);
    }
    if (scripted) exit_code = run.done() ? run.exit_code() : 5;
    glfwSetWindowUserPointer(window, nullptr);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    if (!scripted) app.save();
  }
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}

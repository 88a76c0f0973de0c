; Inno Setup script for the Windows installer of Sole Mio! (Inno Setup 6).
;
; Built by `python build/build.py --installer ISCC.exe` (build/release.py, inno_command), which
; passes everything this script needs as /D defines, the version from pyproject.toml above all:
;   AppVersion  the version (pyproject.toml), e.g. 0.1.0
;   SourceDir   the one-folder build: solemio.exe, solemio-cli.exe and _internal\
;   OutputDir   where the installer goes (dist\)
;   OutputName  the installer's file name without .exe
;   IconFile    the .ico drawn by build/make_icons.py
;   VersionNumbers  the same version as Windows' four numbers (build/version_info.py), 0.1.0.0
;
; A per-user installation: no administrator rights (PrivilegesRequired=lowest), into
; %LOCALAPPDATA%\Programs\Sole Mio!, a Start-menu entry, an uninstaller listed under
; Settings > Apps, and the wizard in the game's four languages (Inno's own translations).
; The game writes nothing next to itself (settings, saves and logs are in the per-user
; folders), so the uninstaller removes exactly what the installer put down.

#ifndef AppVersion
  #error AppVersion is not defined: build with build/build.py --installer, which passes pyproject.toml's version
#endif
#ifndef SourceDir
  #error SourceDir is not defined: the one-folder build to install
#endif
#ifndef OutputDir
  #define OutputDir "."
#endif
#ifndef OutputName
  #define OutputName "solemio-" + AppVersion + "-windows-x86_64-setup"
#endif

#define AppName "Sole Mio!"
#define AppExe "solemio.exe"

[Setup]
; The AppId identifies the installation for upgrades and the uninstaller: never change it.
AppId={{6F1D3C2A-5B7E-4C1D-9A3E-2F8B7C6D5E41}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Sole Mio! digital edition developers
#ifdef VersionNumbers
VersionInfoVersion={#VersionNumbers}
#endif
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename={#OutputName}
#ifdef IconFile
SetupIconFile={#IconFile}
#endif
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ShowLanguageDialog=auto

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "it"; MessagesFile: "compiler:Languages\Italian.isl"
Name: "nl"; MessagesFile: "compiler:Languages\Dutch.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

// A 10 x 30 degree box at 20-50 N for the steady zonal flow on the sphere
// (cases/zonal_flow_geographic.toml); its sides hold the exact state.
DefineConstant[ lon0 = 0, lon1 = 10, lat0 = 20, lat1 = 50, h = 2.5 ];

Point(1) = {lon0, lat0, 0, h};
Point(2) = {lon1, lat0, 0, h};
Point(3) = {lon1, lat1, 0, h};
Point(4) = {lon0, lat1, 0, h};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};

Physical Curve("sides") = {1, 2, 3, 4};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay

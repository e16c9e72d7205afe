graph [
  node [ id 0 ]
  node [ id 1 ]
  edge [ source 0 target 1 weight 0 ]
]
